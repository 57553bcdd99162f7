import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server standing in for camsite feeds: each path answers from a handler (JSON replies). */
export async function startFakeFeedServer(
  routes: Record<
    string,
    (
      url: URL,
      request: IncomingMessage,
    ) => { status?: number; body: unknown; headers?: Record<string, string> }
  >,
) {
  const requests: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const route = routes[url.pathname];
    const answer = route ? route(url, request) : { status: 404, body: { error: "not found" } };
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
