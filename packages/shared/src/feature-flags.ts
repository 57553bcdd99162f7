import { APP_ENV_RANK, type AppEnv } from "./enums.ts";

export const FEATURE_FLAGS = ["camsites-page", "stories", "vidstack-player"] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The highest environment rank a flag is on in; 3 (production) means on everywhere (spec §2, §4). */
export const FEATURE_FLAG_RANK: Readonly<Record<FeatureFlag, number>> = {
  "camsites-page": 3,
  stories: 3,
  "vidstack-player": 3,
};

/** A flag is on when the environment's rank is at most the flag's rank, so new features reach development first. */
export function isFeatureEnabled(flag: FeatureFlag, appEnv: AppEnv): boolean {
  return APP_ENV_RANK[appEnv] <= FEATURE_FLAG_RANK[flag];
}

export function enabledFeatures(appEnv: AppEnv): FeatureFlag[] {
  return FEATURE_FLAGS.filter((flag) => isFeatureEnabled(flag, appEnv));
}

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
