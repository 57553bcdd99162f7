import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { loadServerEnv } from "@camatlas/api";
import type { ServerType } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "./http-server.ts";

let server: ServerType | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function start(extraEnv: Record<string, string> = {}) {
  const env = loadServerEnv({
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    DATA_DIR: "./data/test-http-server",
    PORT: "0",
    HOST: "127.0.0.1",
    ...extraEnv,
  });
  server = listen(() => new Response("ok"), env);
  await new Promise((resolve) => server?.once("listening", resolve));
  return { server: server as import("node:http").Server, port: (server.address() as AddressInfo).port };
}

/** One raw keep-alive connection: sends a request, waits for its whole answer; `closed` says when the site hung up. */
async function keptConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let closedAt: number | null = null;
  socket.on("close", () => {
    closedAt = Date.now();
  });
  let received = "";
  const answered = new Promise<void>((resolve) => {
    socket.on("data", (chunk) => {
      received += chunk.toString();
      if (received.includes("\r\n\r\nok")) resolve();
    });
  });
  socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
  await answered;
  return { answeredAt: Date.now(), closedAt: () => closedAt, socket };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the site's HTTP server", () => {
  it("keeps idle connections 65 s, headers 66 s and whole requests 120 s unless configured", async () => {
    const { server } = await start();
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(server.requestTimeout).toBe(120_000);
  });

  it("takes the time-outs from the env", async () => {
    const { server } = await start({
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "75",
      HTTP_HEADERS_TIMEOUT_SECONDS: "80",
      HTTP_REQUEST_TIMEOUT_SECONDS: "0",
    });
    expect(server.keepAliveTimeout).toBe(75_000);
    expect(server.headersTimeout).toBe(80_000);
    expect(server.requestTimeout).toBe(0);
  });

  it("refuses time-outs Node would refuse or a balancer would trip on, naming the variable", () => {
    const base = {
      JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      DATA_DIR: "./data/test-http-server",
    };
    expect(() => loadServerEnv({ ...base, HTTP_HEADERS_TIMEOUT_SECONDS: "60" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS: must be more than HTTP_KEEP_ALIVE_TIMEOUT_SECONDS/,
    );
    expect(() => loadServerEnv({ ...base, HTTP_REQUEST_TIMEOUT_SECONDS: "30" })).toThrow(
      /HTTP_REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it("still has a kept-alive connection open after Node's default 5 s, and answers on it", async () => {
    const { port } = await start();
    const connection = await keptConnection(port);
    await sleep(5_600);
    expect(connection.closedAt()).toBeNull();
    const second = new Promise<string>((resolve) =>
      connection.socket.once("data", (c) => resolve(c.toString())),
    );
    connection.socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await second).toMatch(/^HTTP\/1\.1 200/);
    connection.socket.destroy();
  }, 15_000);

  it("closes an idle connection after the configured keep-alive time", async () => {
    const { port } = await start({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "1" });
    const connection = await keptConnection(port);
    await sleep(3_500);
    const closedAt = connection.closedAt();
    expect(closedAt).not.toBeNull();
    expect((closedAt ?? 0) - connection.answeredAt).toBeGreaterThanOrEqual(900);
  }, 10_000);
});
