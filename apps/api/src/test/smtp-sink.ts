import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  template: string | null;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) for delivery tests. `mode` decides what it answers
 * to the next messages: accept them, refuse them with a temporary error, or hold them until
 * release() (a slow or hung server).
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let mode: "accept" | "reject" | "hold" = "accept";
  let held: (() => void)[] = [];
  let arrivals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      arrivals += 1;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const finish = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            template: /^X-Mail-Template: *(.+)$/im.exec(raw)?.[1]?.trim() ?? null,
            raw,
          });
          callback();
        };
        if (mode === "reject") {
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          callback(error);
        } else if (mode === "hold") held.push(finish);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages whose data reached the server (accepted, refused or held). */
    get arrivals() {
      return arrivals;
    },
    setMode(next: typeof mode) {
      mode = next;
    },
    /** Accepts every held message. */
    release() {
      const waiting = held;
      held = [];
      for (const finish of waiting) finish();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
