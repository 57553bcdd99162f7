import type { RouterContextProvider } from "react-router";
import { type QueryValue, toSearchParams } from "../api-client.ts";
import { serverSessionContext } from "./server-session.ts";

// The lower-level API call for actions: the whole Response (status, headers, body), not only the body.
// It goes through the request's session, so Set-Cookie headers (login, register, logout) reach the browser.

export interface ApiCallInit {
  query?: Record<string, QueryValue>;
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
}

export function apiResponse(
  context: Readonly<RouterContextProvider>,
  method: string,
  path: string,
  init: ApiCallInit = {},
): Promise<Response> {
  const session = context.get(serverSessionContext);
  const qs = init.query ? toSearchParams(init.query).toString() : "";
  const headers = new Headers(session.headers);
  headers.set("accept", "application/json");
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  return session.fetch(
    new Request(`${session.baseUrl}/api${path}${qs ? `?${qs}` : ""}`, { method, headers, body }),
  );
}

/** A parsed reply: status and JSON body (text when it was not JSON). */
export interface ApiReply<T = unknown> {
  status: number;
  ok: boolean;
  body: T;
}

export async function readReply<T = unknown>(response: Response): Promise<ApiReply<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Plain-text bodies stay text.
  }
  return { status: response.status, ok: response.ok, body: body as T };
}

/** apiResponse + readReply. */
export async function apiCall<T = unknown>(
  context: Readonly<RouterContextProvider>,
  method: string,
  path: string,
  init: ApiCallInit = {},
): Promise<ApiReply<T>> {
  return readReply<T>(await apiResponse(context, method, path, init));
}
