// A real SMTP server for the browser tests (started by playwright.config.ts): the demo server sends
// its mails here, and the tests read what arrived over HTTP (GET /messages), e.g. the signed links
// that the mail screens hide from staff. Nothing leaves the machine.
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.argv[2]);
const httpPort = Number(process.argv[3]);
/** @type {Array<{ to: string[]; subject: string; text: string }>} */
const received = [];

/** Quoted-printable soft breaks and escapes undone, so a long link reads in one piece. */
const decodeQuotedPrintable = (raw) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject,
        text: decodeQuotedPrintable(raw),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to");
    const body = url.pathname === "/messages" ? received.filter((m) => !to || m.to.includes(to)) : { ok: true };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  })
  .listen(httpPort, "127.0.0.1");
