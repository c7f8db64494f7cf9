import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts but does not wait for (its answer must not depend on how long the work takes),
 * tracked so that closing the app waits for it, and logged when it fails (nobody else would see it).
 */
export class PendingWork {
  private readonly pending = new Set<Promise<void>>();

  run(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
    // Started on a later turn of the event loop, after the answer has been written.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every started piece of work has finished (including work started meanwhile). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
