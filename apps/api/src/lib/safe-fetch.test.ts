import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./safe-address.ts";
import { allowAddressInTests, SafeFetchError, safeFetch } from "./safe-fetch.ts";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback range"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.254", "private 172.16/12, last"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT, last"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network 0/8"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast (SSDP)"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "IPv6 ULA"],
    ["fd12:3456::1", "IPv6 ULA fd"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback in hex"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2001:db8::1", "IPv6 documentation"],
    ["not-an-ip", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([["93.184.215.14"], ["8.8.8.8"], ["172.32.0.1"], ["100.128.0.1"], ["2606:4700:4700::1111"]])(
    "lets the public address %s through",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

// A local server on loopback: refused as every private address is, until the test-only allow-list names it.
let server: http.Server;
let base: string;
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/image.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PNG_BYTES);
    } else if (path === "/loop") {
      res.writeHead(302, { location: "/loop-back" }).end();
    } else if (path === "/loop-back") {
      res.writeHead(302, { location: "/loop" }).end();
    } else if (path.startsWith("/hop/")) {
      const n = Number(path.slice(5));
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : "/image.png" }).end();
    } else if (path === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    } else if (path === "/endless") {
      res.writeHead(200, { "content-type": "image/png" });
      const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024, 1)), 5);
      res.on("close", () => clearInterval(timer));
    } else if (path === "/slow") {
      res.writeHead(200, { "content-type": "image/png" });
      const timer = setInterval(() => res.write("x"), 200);
      res.on("close", () => clearInterval(timer));
    } else if (path === "/declared-big") {
      res.writeHead(200, { "content-type": "image/png", "content-length": String(50_000_000) });
      res.write("x");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  return "fetched";
}

const limits = { maxBytes: 1_000_000, totalTimeoutMs: 1500, connectTimeoutMs: 1000 };

describe("safeFetch", () => {
  it("refuses the local server on loopback, by address and by a name resolving to it", async () => {
    expect(await failure(safeFetch(`${base}/image.png`, limits))).toBe("private_address");
    const named = `http://images.example.test:${new URL(base).port}/image.png`;
    expect(await failure(safeFetch(named, { ...limits, resolve: async () => ["127.0.0.1"] }))).toBe(
      "private_address",
    );
    // A name with one public and one private address is refused: the private one could be the one connected to.
    expect(await failure(safeFetch(named, { ...limits, resolve: async () => ["8.8.8.8", "10.0.0.1"] }))).toBe(
      "private_address",
    );
  });

  it("refuses other schemes, credentials in the address and names that do not resolve", async () => {
    expect(await failure(safeFetch("file:///etc/passwd", limits))).toBe("scheme");
    expect(await failure(safeFetch("ftp://example.com/a.png", limits))).toBe("scheme");
    expect(await failure(safeFetch("gopher://127.0.0.1:6379/_INFO", limits))).toBe("scheme");
    expect(await failure(safeFetch("not a url", limits))).toBe("scheme");
    expect(await failure(safeFetch("http://user:pw@example.com/a.png", limits))).toBe("credentials");
    expect(
      await failure(safeFetch("http://nowhere.invalid/a.png", { ...limits, resolve: async () => [] })),
    ).toBe("unresolved");
    expect(await failure(safeFetch("http://[::1]/a.png", limits))).toBe("private_address");
    // A name server that never answers counts against the connect time.
    const hanging = safeFetch("http://slow-dns.example/a.png", {
      ...limits,
      connectTimeoutMs: 200,
      resolve: () => new Promise(() => {}),
    });
    expect(await failure(hanging)).toBe("timeout");
    expect(await failure(safeFetch("http://169.254.169.254/latest/meta-data/", limits))).toBe(
      "private_address",
    );
  });

  describe("with the local server on the test-only allow-list", () => {
    let disallow: () => void;
    beforeAll(() => {
      disallow = allowAddressInTests("127.0.0.1");
    });
    afterAll(() => disallow());

    it("fetches the file, following redirects", async () => {
      const file = await safeFetch(`${base}/hop/2`, limits);
      expect(file.contentType).toBe("image/png");
      expect(Buffer.from(file.bytes)).toEqual(PNG_BYTES);
      expect(file.url).toBe(`${base}/image.png`);
    });

    it("stops a redirect loop and too many hops", async () => {
      expect(await failure(safeFetch(`${base}/loop`, limits))).toBe("redirects");
      expect(await failure(safeFetch(`${base}/hop/9`, { ...limits, maxRedirects: 3 }))).toBe("redirects");
    });

    it("checks every redirect hop again: a redirect to the metadata address is refused", async () => {
      expect(await failure(safeFetch(`${base}/to-metadata`, limits))).toBe("private_address");
    });

    it("caps the body while it streams and refuses a declared length over the cap", async () => {
      const started = Date.now();
      expect(await failure(safeFetch(`${base}/endless`, limits))).toBe("too_large");
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await failure(safeFetch(`${base}/declared-big`, limits))).toBe("too_large");
    });

    it("ends a slow body at the deadline", async () => {
      const started = Date.now();
      expect(await failure(safeFetch(`${base}/slow`, { ...limits, totalTimeoutMs: 600 }))).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("answers a missing file as failed", async () => {
      expect(await failure(safeFetch(`${base}/missing`, limits))).toBe("failed");
    });
  });
});
