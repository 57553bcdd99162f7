import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import {
  MEDIA_URL_CONNECT_TIMEOUT_MS,
  MEDIA_URL_MAX_REDIRECTS,
  MEDIA_URL_TOTAL_TIMEOUT_MS,
} from "@camatlas/shared";
import { isPublicAddress } from "./safe-address.ts";

// Fetching a URL a user gave us without letting them aim the server at our own network (SSRF): only http(s); the host
// is resolved first and every address must be public (safe-address.ts); the connection goes to the address that was
// checked (no second lookup a rebinding DNS server could answer differently); redirects are followed by hand, each hop
// checked again; the body is capped while it streams and the whole answer has a deadline.

export type SafeFetchFailure =
  | "scheme"
  | "credentials"
  | "private_address"
  | "unresolved"
  | "redirects"
  | "too_large"
  | "timeout"
  | "failed";

export class SafeFetchError extends Error {
  readonly reason: SafeFetchFailure;
  constructor(reason: SafeFetchFailure, detail: string) {
    super(`${reason}: ${detail}`);
    this.reason = reason;
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxRedirects?: number;
  /** Name resolution (tests give a fixed answer); all addresses of the host. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface FetchedFile {
  bytes: Uint8Array;
  contentType: string | null;
  /** The address the file came from after redirects. */
  url: string;
}

// Addresses a test lets through although they are not public (a local server on loopback). Only under the test
// runner: a production process can never fill it.
const testAllowList = new Set<string>();

/** Tests only: lets the guard connect to `address` (e.g. 127.0.0.1 of a local server). Throws outside tests. */
export function allowAddressInTests(address: string): () => void {
  if (!process.env.VITEST) throw new Error("allowAddressInTests is for tests only");
  testAllowList.add(address);
  return () => testAllowList.delete(address);
}

const mayConnect = (address: string) => isPublicAddress(address) || testAllowList.has(address);

async function resolveAll(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/** The address to connect to: every address of the host must be allowed (a mixed answer is refused). */
async function checkedAddress(url: URL, resolve: (host: string) => Promise<string[]>): Promise<string> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("scheme", url.protocol);
  if (url.username || url.password) throw new SafeFetchError("credentials", url.host);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    addresses = await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new SafeFetchError("unresolved", host);
  }
  const refused = addresses.find((address) => !mayConnect(address));
  if (refused !== undefined) throw new SafeFetchError("private_address", refused);
  return addresses[0]!;
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string | null;
  bytes: Uint8Array | null;
}

/** One request to the checked address; the body is read only for a 2xx answer, capped at maxBytes. */
function requestOnce(
  url: URL,
  address: string,
  options: Required<Omit<SafeFetchOptions, "resolve">>,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolvePromise, reject) => {
    const family = isIP(address);
    // The socket connects to the address we checked, whatever the name resolves to by now.
    const pinned: LookupFunction = (_host, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) callback(null, [{ address, family }]);
      else (callback as (e: null, a: string, f: number) => void)(null, address, family);
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(url, {
      lookup: pinned,
      signal,
      headers: { accept: "image/*,video/*;q=0.9,*/*;q=0.1", "user-agent": "CamAtlas media fetcher" },
      // No pooled sockets: a kept-alive socket would skip the pinned lookup on the next hop.
      agent: false,
    });
    const connectTimer = setTimeout(
      () => request.destroy(new SafeFetchError("timeout", "connect")),
      options.connectTimeoutMs,
    );
    request.on("socket", (socket) => {
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(
        error instanceof SafeFetchError
          ? error
          : signal.aborted
            ? new SafeFetchError("timeout", "deadline")
            : new SafeFetchError("failed", error.message),
      );
    });
    request.on("response", (response) => {
      clearTimeout(connectTimer);
      const status = response.statusCode ?? 0;
      const contentType = response.headers["content-type"] ?? null;
      if (status < 200 || status >= 300) {
        response.resume();
        resolvePromise({ status, location: response.headers.location ?? null, contentType, bytes: null });
        return;
      }
      const declared = Number(response.headers["content-length"] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        request.destroy();
        reject(new SafeFetchError("too_large", `declared ${declared}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > options.maxBytes) {
          request.destroy(new SafeFetchError("too_large", `over ${options.maxBytes}`));
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", (error) =>
        reject(error instanceof SafeFetchError ? error : new SafeFetchError("failed", error.message)),
      );
      response.on("end", () =>
        resolvePromise({ status, location: null, contentType, bytes: new Uint8Array(Buffer.concat(chunks)) }),
      );
    });
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The promise, or a "timeout" failure after `ms` or when the whole answer's deadline passes first. */
function withTimeout<T>(promise: Promise<T>, ms: number, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const fail = () => reject(new SafeFetchError("timeout", "resolve"));
    const timer = setTimeout(fail, ms);
    deadline.addEventListener("abort", fail, { once: true });
    promise.then(resolvePromise, reject).finally(() => {
      clearTimeout(timer);
      deadline.removeEventListener("abort", fail);
    });
  });
}

/**
 * GETs a user-given URL under the SSRF rules above. Throws SafeFetchError: "scheme", "credentials",
 * "private_address", "unresolved", "redirects" (too many, or a loop), "too_large" (declared or counted past
 * maxBytes), "timeout" (connect, or the whole answer past its deadline: a slow or endless body), "failed"
 * (a network error or a non-2xx answer).
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedFile> {
  const settings = {
    maxBytes: options.maxBytes,
    connectTimeoutMs: options.connectTimeoutMs ?? MEDIA_URL_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: options.totalTimeoutMs ?? MEDIA_URL_TOTAL_TIMEOUT_MS,
    maxRedirects: options.maxRedirects ?? MEDIA_URL_MAX_REDIRECTS,
  };
  const resolve = options.resolve ?? resolveAll;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError("scheme", "not a URL");
  }
  // One deadline for every hop together: a slow body, or redirects one after another, cannot hold a request open.
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), settings.totalTimeoutMs);
  try {
    const seen = new Set<string>();
    for (let hop = 0; ; hop++) {
      seen.add(url.href);
      // Name resolution has no time-out of its own: it counts against the connect time.
      const address = await withTimeout(
        checkedAddress(url, resolve),
        settings.connectTimeoutMs,
        controller.signal,
      );
      const answer = await requestOnce(url, address, settings, controller.signal);
      if (REDIRECTS.has(answer.status) && answer.location) {
        const next = new URL(answer.location, url);
        if (hop >= settings.maxRedirects || seen.has(next.href))
          throw new SafeFetchError("redirects", next.href);
        url = next;
        continue;
      }
      if (!answer.bytes) throw new SafeFetchError("failed", `status ${answer.status}`);
      return { bytes: answer.bytes, contentType: answer.contentType, url: url.href };
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof SafeFetchError && error.reason !== "failed"))
      throw new SafeFetchError("timeout", "deadline");
    throw error;
  } finally {
    clearTimeout(deadline);
  }
}
