import type { Mailer, MailMessage } from "./mailer.ts";

/** A mailer for tests: keeps the messages and lets a test wait for the next one. */
export function createCaptureMailer() {
  const sent: MailMessage[] = [];
  let waiters: ((message: MailMessage) => void)[] = [];
  const mailer: Mailer & { sent: MailMessage[]; next: (timeoutMs?: number) => Promise<MailMessage> } = {
    kind: "files",
    sent,
    async send(message) {
      sent.push(message);
      const current = waiters;
      waiters = [];
      for (const resolve of current) resolve(message);
    },
    next(timeoutMs = 5000) {
      return new Promise<MailMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail was sent")), timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
  return mailer;
}
