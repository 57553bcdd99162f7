import { isIP } from "node:net";
import { ipv4ToInt } from "@camatlas/api";

/**
 * The IPs and CIDR ranges some model is blocked for, kept in memory so the guest page cache can tell per request,
 * without a query, whether the visitor's IP could change what a page shows. It answers:
 * - "clear": no IP block matches, so the page depends only on the visitor's country and region;
 * - "blocked": an IP block matches (the page is personal to this IP);
 * - "unknown": the list is not loaded, or a write may have changed it since (load pending): treat as blocked.
 *
 * IPv4 matching is the API's (`ipMatches`: address or CIDR, host bits ignored). For IPv6 the database matches
 * ranges too (inet `<<=`), so any IPv6 visitor counts as matched while any non-IPv4 block exists: conservative.
 */
export type IpBlockAnswer = "clear" | "blocked" | "unknown";

export interface IpBlockListOptions {
  /** Reads every IP/CIDR block location (distinct). */
  load: () => Promise<string[]>;
  /** After this long the list is re-read in the background; the previous one still answers meanwhile. */
  refreshMs: number;
  /** A list older than this (the reads keep failing) answers "unknown". Default 3 × refreshMs. */
  maxAgeMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export interface IpBlockList {
  check(ip: string | null | undefined): IpBlockAnswer;
  /** A write may have added or removed a block: answer "unknown" until a read that started after it ends. */
  markStale(): void;
  /** Resolves when no read is running (tests). */
  settled(): Promise<void>;
}

/** A compiled list: IPv4 networks by prefix length, and whether any other (IPv6) location exists. */
export interface IpMatcher {
  matches(ip: string): boolean;
}

export function compileIpBlocks(locations: readonly string[]): IpMatcher {
  const v4ByPrefix = new Map<number, Set<number>>();
  let otherFamily = false;
  for (const location of locations) {
    const [base = "", prefixText] = location.trim().split("/");
    const address = ipv4ToInt(base);
    if (address === null) {
      // IPv6 (or anything the database might still read as an address): never compare it loosely.
      if (isIP(base) !== 4) otherFamily = true;
      continue;
    }
    const prefix = prefixText === undefined ? 32 : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) continue;
    let networks = v4ByPrefix.get(prefix);
    if (!networks) {
      networks = new Set();
      v4ByPrefix.set(prefix, networks);
    }
    networks.add(maskOf(address, prefix));
  }
  const prefixes = [...v4ByPrefix.entries()];
  return {
    matches(ip) {
      const address = ipv4ToInt(ip);
      if (address === null) return otherFamily && isIP(ip) !== 0;
      for (const [prefix, networks] of prefixes) if (networks.has(maskOf(address, prefix))) return true;
      return false;
    },
  };
}

export function createIpBlockList(options: IpBlockListOptions): IpBlockList {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? options.refreshMs * 3;
  let matcher: IpMatcher | null = null;
  let loadedAt = 0;
  // Bumped by every write; a read answers for the version it started at.
  let version = 0;
  let loadedVersion = -1;
  let loading: Promise<void> | null = null;
  let lastFailureAt = Number.NEGATIVE_INFINITY;

  const reload = () => {
    // One read at a time; after a failure, at most one attempt per second.
    if (loading || now() - lastFailureAt < 1000) return;
    const startedVersion = version;
    const startedAt = now();
    loading = options
      .load()
      .then((locations) => {
        matcher = compileIpBlocks(locations);
        loadedAt = startedAt;
        loadedVersion = startedVersion;
      })
      .catch((error: unknown) => {
        lastFailureAt = now();
        options.onError?.(error);
      })
      .finally(() => {
        loading = null;
        // A write came while reading: read again so the list catches up.
        if (loadedVersion !== version) reload();
      });
  };

  return {
    check(ip) {
      const age = now() - loadedAt;
      if (matcher === null || loadedVersion !== version || age > maxAgeMs) {
        reload();
        return "unknown";
      }
      if (age > options.refreshMs) reload();
      return ip && matcher.matches(ip) ? "blocked" : "clear";
    },
    markStale() {
      version++;
      reload();
    },
    async settled() {
      while (loading) await loading;
    },
  };
}

function maskOf(address: number, prefix: number): number {
  if (prefix === 0) return 0;
  return (address & ((0xffffffff << (32 - prefix)) >>> 0)) >>> 0;
}
