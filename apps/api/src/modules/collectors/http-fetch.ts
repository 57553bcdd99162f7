/** What the collectors need of a fetch response (the platform's Response fits). */
export interface FeedResponse {
  ok: boolean;
  status: number;
  headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
  text?(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string>; method?: string; body?: string },
) => Promise<FeedResponse>;

export interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

export class FeedError extends Error {
  override name = "FeedError";
}

/**
 * The camsite asked us to slow down (429) or refused us for now (403, what a rate-limited affiliate feed answers).
 * Not fatal: the poll ends incomplete and the collector's next request waits `retryAfterSeconds`.
 */
export class FeedThrottledError extends FeedError {
  override name = "FeedThrottledError";
  readonly status: number;
  readonly retryAfterSeconds: number;
  constructor(status: number, retryAfterSeconds: number) {
    super(`the feed answered ${status}; asked to wait ${retryAfterSeconds} s`);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Back-off when a throttling answer carries no Retry-After. */
export const DEFAULT_THROTTLE_SECONDS = 300;
/** A Retry-After longer than this is read as this (a misconfigured header must not stop a collector for days). */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  const seconds = /^\d+$/.test(trimmed)
    ? Number(trimmed)
    : Number.isNaN(Date.parse(trimmed))
      ? null
      : Math.ceil((Date.parse(trimmed) - nowMs) / 1000);
  if (seconds === null) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

const isThrottle = (status: number) => status === 429 || status === 403;

/**
 * Sends one feed request with a timeout, retrying network errors and 5xx with exponential backoff and jitter.
 * 403 and 429 are never retried within the poll: they throw FeedThrottledError with the camsite's Retry-After.
 */
export async function fetchWithRetry(
  fetcher: FetchLike,
  url: string,
  signal: AbortSignal,
  options: RetryOptions & {
    accept?: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<FeedResponse> {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 1000;
  const wait = options.sleep ?? sleep;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (signal.aborted) throw new FeedError("aborted");
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
    try {
      const response = await fetcher(url, {
        signal: AbortSignal.any([signal, timeout]),
        headers: { accept: options.accept ?? "application/json", ...options.headers },
        ...(options.method ? { method: options.method } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
      if (response.ok) return response;
      if (isThrottle(response.status))
        throw new FeedThrottledError(
          response.status,
          parseRetryAfter(response.headers?.get("retry-after")) ?? DEFAULT_THROTTLE_SECONDS,
        );
      lastError = new FeedError(`${new URL(url).host} answered ${response.status}`);
      // A 4xx other than the throttling answers will not get better by asking again.
      if (response.status < 500) throw lastError;
    } catch (error) {
      if (error instanceof FeedError && !/answered 5\d\d/.test(error.message)) throw error;
      lastError = error;
    }
    if (attempt < retries) await wait(base * 2 ** attempt * (0.75 + Math.random() * 0.5), signal);
  }
  throw lastError instanceof Error ? lastError : new FeedError(String(lastError));
}

/** GETs JSON (see fetchWithRetry). */
export async function fetchJsonWithRetry(
  fetcher: FetchLike,
  url: string,
  signal: AbortSignal,
  options: RetryOptions = {},
): Promise<unknown> {
  return (await fetchWithRetry(fetcher, url, signal, options)).json();
}
