import { FEATURE_FLAG_RANK } from "@camatlas/shared";
import { afterEach, describe, expect, it } from "vitest";
import { configContext, type PublicConfig } from "../load-context.ts";
import { requireFeature } from "./require-feature.ts";

function contextFor(appEnv: PublicConfig["appEnv"]) {
  const config: PublicConfig = { productName: "CamAtlas", appEnv, publicUrl: "http://localhost" };
  return { get: (key: typeof configContext) => (key === configContext ? config : config) };
}

const original = FEATURE_FLAG_RANK.stories;
afterEach(() => {
  (FEATURE_FLAG_RANK as Record<string, number>).stories = original;
});

describe("requireFeature", () => {
  it("lets the visitor through when the flag is on (all flags are on in production)", () => {
    expect(() => requireFeature("stories", contextFor("production"))).not.toThrow();
  });

  it("redirects home when the environment's rank is above the flag's", () => {
    (FEATURE_FLAG_RANK as Record<string, number>).stories = 1;
    expect(() => requireFeature("stories", contextFor("development"))).not.toThrow();
    let thrown: unknown;
    try {
      requireFeature("stories", contextFor("staging"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/");
  });
});
