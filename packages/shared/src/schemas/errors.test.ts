import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  errorSchema,
  firstValidationError,
  issuesToFieldErrors,
  validationErrorBody,
  validationErrorSchema,
} from "./errors.ts";

describe("firstValidationError", () => {
  it("takes the first error of the first field", () => {
    const body = {
      message: "The given data was invalid.",
      errors: { email: ["Taken.", "Bad."], name: ["Short."] },
    };
    expect(firstValidationError(body)).toBe("Taken.");
  });

  it("skips empty fields and tolerates single strings", () => {
    expect(firstValidationError({ errors: { a: [], b: "Only one." } })).toBe("Only one.");
  });

  it("is undefined without errors", () => {
    expect(firstValidationError({ message: "x" })).toBeUndefined();
    expect(firstValidationError({ errors: {} })).toBeUndefined();
    expect(firstValidationError(null)).toBeUndefined();
    expect(firstValidationError("text")).toBeUndefined();
  });
});

describe("issuesToFieldErrors", () => {
  it("groups zod issues by dotted path", () => {
    const schema = z.object({
      email: z.email("Bad email."),
      links: z.array(z.object({ url: z.url("Bad url.") })),
    });
    const result = schema.safeParse({ email: "nope", links: [{ url: "x" }] });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error?.issues ?? []);
    expect(errors).toEqual({ email: ["Bad email."], "links.0.url": ["Bad url."] });
    const body = validationErrorBody(errors);
    expect(validationErrorSchema.parse(body)).toEqual(body);
    expect(body.message).toBe("The given data was invalid.");
    expect(firstValidationError(body)).toBe("Bad email.");
  });

  it("puts root issues under _ and drops duplicates", () => {
    expect(
      issuesToFieldErrors([
        { path: [], message: "Root." },
        { path: ["a"], message: "X." },
        { path: ["a"], message: "X." },
      ]),
    ).toEqual({ _: ["Root."], a: ["X."] });
  });
});

describe("errorSchema", () => {
  it("requires a message", () => {
    expect(errorSchema.safeParse({ message: "Not found." }).success).toBe(true);
    expect(errorSchema.safeParse({}).success).toBe(false);
  });
});
