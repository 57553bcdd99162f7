import { describe, expect, it } from "vitest";
import { ApiResponseError } from "../api-client.ts";
import { errorText, isRedirectReply, resolveError } from "./error-contract.ts";

describe("resolveError (spec §8)", () => {
  it("sends a 404 to the not-found page", () => {
    expect(resolveError(new ApiResponseError(404, { message: "Not found." }))).toEqual({ kind: "not-found" });
  });

  it("follows a redirect reply", () => {
    const error = new ApiResponseError(301, { is_redirect: true, redirect_url: "/models/new-slug" });
    expect(resolveError(error)).toEqual({ kind: "redirect", url: "/models/new-slug" });
  });

  it("says the server is broken on 500", () => {
    expect(resolveError(new ApiResponseError(500, { message: "SQL exploded" }))).toEqual({
      kind: "snackbar",
      status: 500,
      text: "Oops! Something went wrong: Server is broken.",
    });
  });

  it("shows the first error of the first field on 422", () => {
    const error = new ApiResponseError(422, {
      message: "The given data was invalid.",
      errors: { value: ["The title is required."], is_public: ["Must be a boolean."] },
    });
    expect(resolveError(error)).toMatchObject({ text: "Oops! Something went wrong: The title is required." });
  });

  it("uses the message, then the error, then the body for other statuses", () => {
    expect(errorText(new ApiResponseError(403, { message: "This action is unauthorized." }))).toBe(
      "Oops! Something went wrong: This action is unauthorized.",
    );
    expect(errorText(new ApiResponseError(400, { error: "Bad input" }))).toBe(
      "Oops! Something went wrong: Bad input",
    );
    expect(errorText(new ApiResponseError(502, "Bad Gateway"))).toBe(
      "Oops! Something went wrong: Bad Gateway",
    );
  });

  it("accepts Response-like failures and plain errors", () => {
    expect(resolveError({ status: 404 })).toEqual({ kind: "not-found" });
    expect(errorText(new TypeError("Failed to fetch"))).toBe("Oops! Something went wrong: Failed to fetch");
  });
});

describe("isRedirectReply", () => {
  it("needs both the flag and a non-empty address", () => {
    expect(isRedirectReply({ is_redirect: true, redirect_url: "/x" })).toBe(true);
    expect(isRedirectReply({ is_redirect: false, redirect_url: "/x" })).toBe(false);
    expect(isRedirectReply({ is_redirect: true, redirect_url: "" })).toBe(false);
    expect(isRedirectReply(null)).toBe(false);
  });
});
