import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import { browserApi, handleClientError, withClientErrors } from "./browser-api.ts";
import { snackbar } from "./snackbar-store.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  snackbar.close();
});

describe("browser calls", () => {
  it("send JSON to /api and parse the reply", async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 7 }, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await browserApi("/adblock-statistics", { body: { is_enabled: true } })).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/adblock-statistics");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"is_enabled":true}');
  });

  it("throw the status and body of a failed reply", async () => {
    vi.stubGlobal("fetch", async () => new Response("Bad Gateway", { status: 502 }));
    const error = await browserApi("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).body).toBe("Bad Gateway");
  });

  it("show the snackbar for a 500 and resolve to undefined", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "boom" }, { status: 500 }));
    expect(await withClientErrors(() => browserApi("/media"))).toBeUndefined();
    expect(snackbar.current()?.text).toBe("Oops! Something went wrong: Server is broken.");
  });

  it("navigate to the not-found page on 404 and follow redirect replies", () => {
    const navigate = vi.fn();
    handleClientError(new ApiResponseError(404, {}), navigate);
    handleClientError(new ApiResponseError(301, { is_redirect: true, redirect_url: "/models/b" }), navigate);
    expect(navigate.mock.calls).toEqual([["/not-found"], ["/models/b"]]);
    expect(snackbar.current()).toBeNull();
  });
});
