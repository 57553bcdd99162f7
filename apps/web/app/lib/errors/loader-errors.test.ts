import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import { apiLoad, followRedirectReply, throwLoaderError } from "./loader-errors.ts";

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown");
}

async function rejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown");
}

describe("loader errors", () => {
  it("turns an API 404 into a 404 page with the configured texts", () => {
    const thrown = caught(() =>
      throwLoaderError(new ApiResponseError(404, { message: "Not found." }), { title: "Gone", text: "Nope" }),
    ) as { type: string; data: unknown; init: ResponseInit };
    expect(thrown.init.status).toBe(404);
    expect(thrown.data).toEqual({ notFound: { title: "Gone", text: "Nope" } });
  });

  it("turns a 500 into an error page carrying the snackbar text", () => {
    const thrown = caught(() => throwLoaderError(new ApiResponseError(500, {}))) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(thrown.init.status).toBe(500);
    expect(thrown.data).toEqual({ snackbar: "Oops! Something went wrong: Server is broken." });
  });

  it("answers a redirect reply with a 301 to the new address", async () => {
    const thrown = (await rejected(
      apiLoad(Promise.resolve({ is_redirect: true, redirect_url: "/camsites/new" })),
    )) as Response;
    expect(thrown.status).toBe(301);
    expect(thrown.headers.get("location")).toBe("/camsites/new");
    expect(followRedirectReply({ id: 1 })).toEqual({ id: 1 });
  });

  it("passes data through and lets thrown Responses alone", async () => {
    expect(await apiLoad(Promise.resolve({ ok: 1 }))).toEqual({ ok: 1 });
    const response = new Response(null, { status: 302, headers: { location: "/" } });
    expect(caught(() => throwLoaderError(response))).toBe(response);
    expect(isRouteErrorResponse(response)).toBe(false);
  });
});
