import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { storeMail } from "./mail-folder.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on alert mails). */
  headers?: Record<string, string>;
}

/** Sends the site's mails. SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export interface Mailer {
  readonly kind: "smtp" | "files";
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  dataDir: string;
  from: string;
  logger?: Logger;
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger?.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  // nodemailer builds the same MIME message it would send; it is kept as a file instead.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const stored = await storeMail(options.dataDir, info.message as Buffer, {
        to: message.to,
        subject: message.subject,
        links: [...new Set(message.text.match(LINK_PATTERN) ?? [])],
      });
      options.logger?.info({ to: message.to, file: stored.file }, "mail written to the mail folder");
    },
  };
}

/** `{PRODUCT_NAME} <no-reply@host>` unless MAIL_FROM says otherwise. */
export function defaultMailFrom(productName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host.includes(".") ? host : `${host}.localdomain`;
  return `${productName} <no-reply@${domain}>`;
}
