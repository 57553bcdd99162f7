import { execFileSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

// A push service on loopback for tests: HTTPS with a throwaway self-signed certificate (openssl), recording every
// push it receives. The alert worker trusts its certificate through `pushExtraCa` (PUSH_EXTRA_CA_FILE).

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

export interface TestPushService {
  /** https://127.0.0.1:port */
  origin: string;
  /** The certificate (PEM) to trust. */
  ca: string;
  caFile: string;
  received: ReceivedPush[];
  /** Resolves with the next push to `pathPrefix` (or any), or rejects after `timeoutMs`. */
  next(pathPrefix?: string, timeoutMs?: number): Promise<ReceivedPush>;
  /** The answer status for the following pushes (e.g. 410: the subscription is gone). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "push-service-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const received: ReceivedPush[] = [];
  let waiters: { prefix: string; resolve: (push: ReceivedPush) => void }[] = [];
  let status = 201;
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => {
      const push = { path: req.url ?? "/", headers: req.headers, bytes };
      received.push(push);
      const [matched, rest] = [
        waiters.filter((w) => push.path.startsWith(w.prefix)),
        waiters.filter((w) => !push.path.startsWith(w.prefix)),
      ];
      waiters = rest;
      for (const w of matched) w.resolve(push);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: readFileSync(cert, "utf8"),
    caFile: cert,
    received,
    next(prefix = "/", timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${prefix} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          prefix,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    answerWith(next) {
      status = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The keys a browser would send with its subscription (P-256 public key and a 16-byte auth secret), base64url. */
export function browserSubscriptionKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}
