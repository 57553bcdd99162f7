import { type FeatureFlag, isFeatureEnabled } from "@camatlas/shared";
import { redirect } from "react-router";
import { configContext, type PublicConfig } from "../load-context.ts";

interface ContextReader {
  get: (key: typeof configContext) => PublicConfig;
}

/**
 * Feature-flag guard (spec §2): call first in a loader; sends the visitor home when the flag is off in this
 * environment (development 1, staging 2, production 3; on when the environment rank ≤ the flag's rank).
 */
export function requireFeature(flag: FeatureFlag, context: ContextReader): void {
  if (!isFeatureEnabled(flag, context.get(configContext).appEnv)) throw redirect("/");
}
