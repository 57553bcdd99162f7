import net from "node:net";

/**
 * A TCP proxy between the site and a service (Redis, PostgreSQL), for outage tests: `cut()` drops every connection
 * and refuses new ones, as a stopped service does; `hang()` keeps connections open but passes nothing either way, as
 * a network partition or a stalled server does; `restore()` lets connections through again. The machine's services
 * are never touched.
 */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  cut(): void;
  hang(): void;
  restore(): void;
  /** Connections made through the proxy so far (tells whether the site reconnected). */
  connections(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  let hung = false;
  let connections = 0;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    connections += 1;
    open.add(client);
    if (hung) {
      // Accepted, never answered.
      client.on("error", () => client.destroy());
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    // Bytes pass only while not hung; whatever comes during a hang is swallowed.
    client.on("data", (chunk) => {
      if (!hung) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!hung) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    hang() {
      hung = true;
    },
    restore() {
      // The bytes swallowed during a hang broke those streams: they end, and the clients reconnect.
      if (hung) {
        for (const socket of open) socket.destroy();
        open.clear();
      }
      cut = false;
      hung = false;
    },
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The same URL, pointing at the proxy. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/** Host and port of a service URL (redis://, postgres://), with the scheme's default port. */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const defaults: Record<string, number> = { "redis:": 6379, "postgres:": 5432, "postgresql:": 5432 };
  return {
    host: parsed.hostname || "127.0.0.1",
    port: Number(parsed.port) || defaults[parsed.protocol] || 0,
  };
}
