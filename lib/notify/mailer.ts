import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Email through SMTP_URL (nodemailer). Without it nothing is sent: the log says where the mail
// would have gone, so a local start shows the emails it would send.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An inline picture the HTML shows as <img src="cid:thumb">. */
  thumbnail?: Buffer;
}

let transport: Transporter | null | undefined;

export function emailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

function transporter(): Transporter | null {
  if (transport === undefined) {
    const url = env().SMTP_URL;
    // Tests and local receivers speak plain SMTP; a server that offers STARTTLS is still used.
    transport = url ? nodemailer.createTransport(url) : null;
  }
  return transport;
}

/** Forgets the transport so the next mail reads SMTP_URL again (tests). */
export function resetMailerForTests(): void {
  transport?.close();
  transport = undefined;
}

/** Sends the mail; false when email is not set up (nothing was sent). Throws when sending failed. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const t = transporter();
  if (!t) {
    log.info({ to: mail.to, subject: mail.subject }, "email is not set up (SMTP_URL): this mail was not sent");
    return false;
  }
  await t.sendMail({
    from: env().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.thumbnail
      ? [{ filename: "shot.jpg", content: mail.thumbnail, contentType: "image/jpeg", cid: "thumb" }]
      : [],
  });
  return true;
}
