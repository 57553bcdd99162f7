import { readFileSync } from "node:fs";
import type { FeedResponse, FetchLike } from "../http-fetch.ts";

/** A recorded payload from ../fixtures, parsed as JSON. */
export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
/** A recorded payload as text (XML feeds). */
export const fixtureText = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

/** A response in the shape the collectors read. */
export function reply(body: unknown, status = 200, headers: Record<string, string> = {}): FeedResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    json: async () => (typeof body === "string" ? JSON.parse(body) : body),
    text: async () => (typeof body === "string" ? body : JSON.stringify(body)),
  };
}

/** A fetch answering from a function of the request, recording every request made. */
export function fakeFetch(answer: (url: URL, init: { method?: string; body?: string }) => FeedResponse) {
  const requests: Array<{ url: URL; method: string; body?: string; at: number }> = [];
  const fetcher: FetchLike = async (url, init = {}) => {
    const parsed = new URL(url);
    requests.push({ url: parsed, method: init.method ?? "GET", body: init.body, at: Date.now() });
    return answer(parsed, init);
  };
  return { fetcher, requests };
}

export const noSleep = async () => {};
export const never = new AbortController().signal;
