import { settingEndpoints, siteEndpoints } from "@camatlas/shared/api-contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import { browserCall, handleClientError } from "./browser-api.ts";
import { snackbar } from "./snackbar-store.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  snackbar.close();
});

describe("browser calls", () => {
  it("send the endpoint's JSON body to /api and parse the reply", async () => {
    const fetchMock = vi.fn(async (_request: Request) =>
      Response.json({ settings: { home: {} }, is_public: { home: true } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(await browserCall(settingEndpoints.object, {})).toEqual({
      settings: { home: {} },
      is_public: { home: true },
    });
    await browserCall(siteEndpoints.recordAdblockCheck, { body: { is_enabled: true } }).catch(
      () => undefined,
    );
    const sent = fetchMock.mock.calls[1]?.[0] as Request;
    expect(new URL(sent.url).pathname).toBe("/api/adblock-statistics");
    expect(sent.method).toBe("POST");
    expect(await sent.text()).toBe('{"is_enabled":true}');
  });

  it("throw the status and body of a failed reply, and abort with the given signal", async () => {
    vi.stubGlobal("fetch", async () => new Response("Bad Gateway", { status: 502 }));
    const error = await browserCall(settingEndpoints.object, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).body).toBe("Bad Gateway");

    vi.stubGlobal("fetch", async (request: Request) => {
      expect(request.signal.aborted).toBe(true);
      throw new DOMException("Aborted", "AbortError");
    });
    const controller = new AbortController();
    controller.abort();
    const aborted = await browserCall(settingEndpoints.object, {}, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    // An aborted call is nobody's error: no snackbar.
    handleClientError(aborted);
    expect(snackbar.current()).toBeNull();
  });

  it("show the snackbar for a 500", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "boom" }, { status: 500 }));
    handleClientError(await browserCall(settingEndpoints.object, {}).catch((e: unknown) => e));
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
