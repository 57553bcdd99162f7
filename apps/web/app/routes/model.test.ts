import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "./model.tsx";

const args = (from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({
    currentUrl: new URL(from, "http://site.test"),
    nextUrl: new URL(to, "http://site.test"),
    defaultShouldRevalidate: true,
    ...extra,
  }) as ShouldRevalidateFunctionArgs;

describe("model page shouldRevalidate", () => {
  it("keeps the loaded profile when only the tab changes", () => {
    expect(shouldRevalidate(args("/models/mia", "/models/mia?tab=tags"))).toBe(false);
    expect(shouldRevalidate(args("/models/mia?tab=girls-like-her", "/models/mia?tab=links"))).toBe(false);
  });

  it("loads the similar models when the Girls like her tab opens (they are read only for that tab)", () => {
    expect(shouldRevalidate(args("/models/mia", "/models/mia?tab=girls-like-her"))).toBe(true);
  });

  it("reloads after a form and for another model", () => {
    expect(shouldRevalidate(args("/models/mia", "/models/mia", { formMethod: "POST" }))).toBe(true);
    expect(shouldRevalidate(args("/models/mia", "/models/ana"))).toBe(true);
  });

  it("reloads on a revalidation of the same address (a story scheduled from the browser)", () => {
    expect(shouldRevalidate(args("/models/mia?tab=stories", "/models/mia?tab=stories"))).toBe(true);
  });
});
