import { describe, expect, it } from "vitest";
import { APP_ENVS } from "./enums.ts";
import { enabledFeatures, FEATURE_FLAGS, isFeatureEnabled, isFeatureFlag } from "./feature-flags.ts";

describe("feature flags", () => {
  it("are all on in production, and therefore everywhere", () => {
    for (const env of APP_ENVS) {
      for (const flag of FEATURE_FLAGS) expect(isFeatureEnabled(flag, env)).toBe(true);
      expect(enabledFeatures(env)).toEqual([...FEATURE_FLAGS]);
    }
  });

  it("knows its flag names", () => {
    expect(isFeatureFlag("stories")).toBe(true);
    expect(isFeatureFlag("nope")).toBe(false);
  });
});
