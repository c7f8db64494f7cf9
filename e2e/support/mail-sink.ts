import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { E2E_MAIL_PORT, E2E_SMTP_PORT } from "./settings.ts";

/**
 * The browser journeys' mailbox: a real SMTP server the product delivers to (SMTP_URL), keeping what
 * arrives in memory and serving it as JSON to the journeys (support/accounts.ts latestMail). The
 * journeys' server runs in production mode, where the development outbox never exists, so mail is
 * read where a real user would get it: after SMTP delivery. Started by playwright.config.ts.
 */
export interface SinkMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  /** The product's X-Mail-Template header (`login_code`, `verify_email`, …). */
  template: string;
  created_at: string;
}

const mails: SinkMail[] = [];
let nextId = 1;
/** Mail kept at most; the oldest go first (a full run sends a few thousand). */
const KEEP = 20_000;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const template = parsed.headers.get("x-mail-template");
        mails.push({
          id: nextId++,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          template: typeof template === "string" ? template : "",
          created_at: new Date().toISOString(),
        });
        if (mails.length > KEEP) mails.splice(0, mails.length - KEEP);
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  };
  if (request.method !== "GET") return json(405, { error: "GET only" });
  if (url.pathname === "/ready") return json(200, { ready: true });
  if (url.pathname === "/mail") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = mails.filter((mail) => !to || mail.to.includes(to)).reverse();
    return json(200, { data: found });
  }
  return json(404, { error: "not found" });
});

smtp.listen(E2E_SMTP_PORT, "127.0.0.1", () => {
  http.listen(E2E_MAIL_PORT, "127.0.0.1", () => {
    console.log(
      `mail sink: SMTP on 127.0.0.1:${E2E_SMTP_PORT}, mail at http://127.0.0.1:${E2E_MAIL_PORT}/mail`,
    );
  });
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
