import { describe, expect, it } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import { actionFailure, actionSuccess } from "./action-result.ts";

describe("action results", () => {
  it("carry a success message for the snackbar", () => {
    const result = actionSuccess("Settings successfully saved.", { name: "home" });
    expect(result).toMatchObject({
      ok: true,
      name: "home",
      snackbar: { text: "Settings successfully saved.", tone: "success" },
    });
    expect(actionSuccess("x").snackbar?.id).not.toBe(result.snackbar?.id);
  });

  it("carry the contract's text and the field errors of a 422", () => {
    const failure = actionFailure(
      new ApiResponseError(422, { message: "Invalid.", errors: { "value.title": ["Too long."] } }),
    ) as unknown as { data: Record<string, unknown>; init: ResponseInit };
    expect(failure.init.status).toBe(422);
    expect(failure.data).toMatchObject({
      ok: false,
      errors: { "value.title": ["Too long."] },
      snackbar: { text: "Oops! Something went wrong: Too long.", tone: "error" },
    });
  });

  it("answer a network failure as a 500 with its message", () => {
    const failure = actionFailure(new TypeError("fetch failed")) as unknown as {
      data: { snackbar: { text: string } };
      init: ResponseInit;
    };
    expect(failure.init.status).toBe(500);
    expect(failure.data.snackbar.text).toBe("Oops! Something went wrong: fetch failed");
  });
});
