import { describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { PendingWork } from "./pending-work.ts";

const logger = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe("PendingWork", () => {
  it("starts work after the caller has moved on and logs a failure instead of throwing it", async () => {
    const log = logger();
    const pending = new PendingWork();
    const order: string[] = [];
    pending.run(log, "failing work", async () => {
      order.push("work");
      throw new Error("boom");
    });
    order.push("answer");
    await pending.settled();
    expect(order).toEqual(["answer", "work"]);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, "failing work failed");
  });

  it("settles only once every piece of work, also work started meanwhile, has finished", async () => {
    const log = logger();
    const pending = new PendingWork();
    let finished = 0;
    pending.run(log, "first", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      pending.run(log, "second", async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished += 1;
      });
      finished += 1;
    });
    await pending.settled();
    expect(finished).toBe(2);
    expect(log.error).not.toHaveBeenCalled();
  });
});
