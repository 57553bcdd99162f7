import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on a free local port, collecting what it receives (for tests). */
export async function startSmtpTestServer() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        const current = waiters;
        waiters = [];
        for (const resolve of current) resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 5000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error("no mail arrived");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and `=3D`, enough to read links from a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
