import { type AddressInfo, type WebSocket, WebSocketServer } from "ws";
import { FCTYPE, frameMfc } from "../myfreecams-protocol.ts";

/**
 * A loopback stand-in for a MyFreeCams chat server: it answers the hello and LOGIN the way the real one does, then
 * sends what the test scripts. It records what clients sent and with which Origin.
 */
export async function startFakeMfcServer(options: { sessionId?: number } = {}) {
  const sessionId = options.sessionId ?? 97531;
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const received: string[] = [];
  const origins: string[] = [];
  let current: WebSocket | null = null;
  let onLogin: (socket: WebSocket) => void = () => {};
  server.on("connection", (socket, request) => {
    current = socket;
    origins.push(String(request.headers.origin));
    socket.on("message", (data) => {
      const text = data.toString();
      received.push(text);
      if (text.startsWith(`${FCTYPE.LOGIN} `)) {
        socket.send(frameMfc(FCTYPE.LOGIN, 0, sessionId, 0, 0, "Guest84621"));
        onLogin(socket);
      }
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}/fcsl`,
    sessionId,
    received,
    origins,
    /** What to send once a client logged in (each connection). */
    afterLogin(send: (socket: WebSocket) => void) {
      onLogin = send;
    },
    send(data: string) {
      current?.send(data);
    },
    /** Drops the current connection the way a server restart does. */
    drop() {
      current?.terminate();
    },
    get connections() {
      return server.clients.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
