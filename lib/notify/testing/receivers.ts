import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// Real receivers for the notification tests: an SMTP server (from the nodemailer authors) that
// keeps every mail parsed, and an HTTP server that keeps every webhook call.

export interface MailBox {
  url: string;
  mails: ParsedMail[];
  /** When each mail of `mails` arrived (ms since the epoch), in the same order. */
  arrivals: number[];
  close(): Promise<void>;
}

export async function startMailBox(port = 0): Promise<MailBox> {
  const mails: ParsedMail[] = [];
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const at = Date.now();
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          arrivals.push(at);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    arrivals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface HookCall {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HookReceiver {
  url: string;
  calls: HookCall[];
  /** The status the next calls are answered with. */
  answer: number;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const receiver: HookReceiver = { url: "", calls: [], answer: 200, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(receiver.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Polls `check` until it is true, at most `tries` times: a condition, never a fixed sleep. */
export async function until(
  check: () => boolean | Promise<boolean>,
  step: () => Promise<unknown>,
  tries = 200,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await step();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("condition not met");
}
