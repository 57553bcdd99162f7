import { describe, expect, it } from "vitest";
import { clientErrorDetail, clientErrorText } from "./client-error-detail.ts";

describe("clientErrorDetail", () => {
  it("says the server is broken on 500 whatever the body", () => {
    expect(clientErrorDetail({ status: 500, body: { message: "SQL exploded" } })).toBe("Server is broken.");
  });

  it("shows the first error of the first field on 422", () => {
    const body = {
      message: "The given data was invalid.",
      errors: { nick_name: ["Taken."], email: ["Bad."] },
    };
    expect(clientErrorDetail({ status: 422, body })).toBe("Taken.");
  });

  it("falls back to the message on a 422 without field errors", () => {
    expect(clientErrorDetail({ status: 422, body: { message: "Invalid." } })).toBe("Invalid.");
  });

  it("otherwise uses message, then error, then the body", () => {
    expect(clientErrorDetail({ status: 403, body: { message: "This action is unauthorized." } })).toBe(
      "This action is unauthorized.",
    );
    expect(clientErrorDetail({ status: 400, body: { error: "Bad thing" } })).toBe("Bad thing");
    expect(clientErrorDetail({ status: 502, body: "Bad Gateway" })).toBe("Bad Gateway");
    expect(clientErrorDetail({ status: 409, body: { code: 7 } })).toBe('{"code":7}');
    expect(clientErrorDetail({ status: 503 })).toBe("");
  });
});

describe("clientErrorText", () => {
  it("prefixes the snackbar text", () => {
    expect(clientErrorText({ status: 500 })).toBe("Oops! Something went wrong: Server is broken.");
  });
});
