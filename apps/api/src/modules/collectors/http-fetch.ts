export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

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

/** GETs JSON with a timeout, retrying network errors, 429 and 5xx with exponential backoff and jitter. */
export async function fetchJsonWithRetry(
  fetcher: FetchLike,
  url: string,
  signal: AbortSignal,
  options: RetryOptions = {},
): Promise<unknown> {
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
        headers: { accept: "application/json" },
      });
      if (response.ok) return await response.json();
      lastError = new FeedError(`${url} answered ${response.status}`);
      // A 4xx other than 429 will not get better by asking again.
      if (response.status < 500 && response.status !== 429) throw lastError;
    } catch (error) {
      if (error instanceof FeedError && !/answered (429|5\d\d)/.test(error.message)) throw error;
      lastError = error;
    }
    if (attempt < retries) await wait(base * 2 ** attempt * (0.75 + Math.random() * 0.5), signal);
  }
  throw lastError instanceof Error ? lastError : new FeedError(String(lastError));
}
