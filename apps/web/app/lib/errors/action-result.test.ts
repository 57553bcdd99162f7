import { describe, expect, it } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import {
  type ActionResult,
  actionFailure,
  actionInvalid,
  actionSuccess,
  resultText,
} from "./action-result.ts";

describe("action results", () => {
  it("carry a success message for the snackbar", () => {
    const result = actionSuccess("Settings successfully saved.", { name: "home" });
    expect(result).toMatchObject({
      ok: true,
      name: "home",
      message: "Settings successfully saved.",
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
    // The field says it all: no message above the form.
    expect(failure.data.message).toBeUndefined();
  });

  it("say a save that changes nothing as information, not as an error", () => {
    const failed = actionFailure(
      new ApiResponseError(422, {
        message: "The given data was invalid.",
        errors: { body: ["Nothing to change."] },
      }),
    );
    expect(failed.init?.status ?? 200).toBe(200);
    expect(failed.data).toMatchObject({
      ok: false,
      message: "Nothing to change.",
      snackbar: { tone: "info" },
    });
    expect(failed.data.snackbar?.text).not.toMatch(/Oops/);
    const mixed = actionFailure(
      new ApiResponseError(422, {
        message: "x",
        errors: { body: ["Nothing to change."], name: ["Too long."] },
      }),
    );
    expect(mixed.data.snackbar?.tone).toBe("error");
  });

  it("answer a network failure as a 500 with its message", () => {
    const failure = actionFailure(new TypeError("fetch failed")) as unknown as {
      data: { snackbar: { text: string } };
      init: ResponseInit;
    };
    expect(failure.init.status).toBe(500);
    expect(failure.data.snackbar.text).toBe("Oops! Something went wrong: fetch failed");
  });

  it("give forms that speak for themselves a message when no field explains the failure", () => {
    const blocked = actionFailure(new ApiResponseError(429, { message: "Too many attempts." }), {
      inline: true,
      values: { identity: "luna" },
    }) as unknown as { data: ActionResult; init: ResponseInit };
    expect(blocked.init.status).toBe(429);
    expect(blocked.data).toEqual({ ok: false, message: "Too many attempts.", values: { identity: "luna" } });

    const broken = actionFailure(new ApiResponseError(503, { message: "Service Unavailable" }), {
      inline: true,
    }) as unknown as { data: ActionResult };
    expect(broken.data.message).toBe("Server is broken.");

    const general = actionFailure(
      new ApiResponseError(422, { message: "Invalid.", errors: { _: ["Link expired."], token: ["Bad."] } }),
    ) as unknown as { data: ActionResult };
    expect(general.data.message).toBe("Link expired.");
  });

  it("answer a field left empty before any call as a 422 with its error, and show a form's text", () => {
    const invalid = actionInvalid(
      { email: ["Please enter your email."] },
      { values: { email: "" } },
    ) as unknown as {
      data: ActionResult;
      init: ResponseInit;
    };
    expect(invalid.init.status).toBe(422);
    expect(invalid.data).toEqual({
      ok: false,
      errors: { email: ["Please enter your email."] },
      values: { email: "" },
    });
    expect(resultText(invalid.data)).toBe("Please enter your email.");
    expect(resultText({ ok: false, message: "Not allowed.", errors: { a: ["x"] } })).toBe("Not allowed.");
    expect(resultText(undefined)).toBeUndefined();
  });
});
