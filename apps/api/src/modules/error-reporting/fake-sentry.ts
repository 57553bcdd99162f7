import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedEnvelope {
  path: string;
  auth: string | undefined;
  header: Record<string, unknown>;
  itemHeader: Record<string, unknown>;
  event: Record<string, unknown> & {
    exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] };
  };
}

/** A local HTTP endpoint standing in for Sentry in tests: records every envelope posted to it. */
export async function startFakeSentry(): Promise<{
  dsn: string;
  received: ReceivedEnvelope[];
  close: () => Promise<void>;
}> {
  const received: ReceivedEnvelope[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const [header, itemHeader, event] = Buffer.concat(chunks).toString("utf8").split("\n");
      received.push({
        path: req.url ?? "",
        auth: req.headers["x-sentry-auth"] as string | undefined,
        header: JSON.parse(header ?? "{}"),
        itemHeader: JSON.parse(itemHeader ?? "{}"),
        event: JSON.parse(event ?? "{}"),
      });
      res.writeHead(200, { "content-type": "application/json" }).end('{"id":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey123@127.0.0.1:${port}/42`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
