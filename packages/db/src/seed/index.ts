export {
  DEMO_ACCOUNTS,
  type DemoAccount,
  type DemoSeedOptions,
  type DemoSeedResult,
  refreshCamsiteCounters,
  seedDemoData,
} from "./demo-data.ts";
export {
  completeDemoPortraits,
  dropOutdatedPortraits,
  portraitLooksOf,
  recordPortraitSnapshotBlurhash,
} from "./demo-portraits.ts";
export {
  type DemoSnapshot,
  type DemoStatsNickname,
  seedDemoStatsRecords,
} from "./demo-stats-records.ts";
export { seedReferenceData } from "./reference-data.ts";
export { generateScaleData, type ScaleOptions, type ScaleProgress, type ScaleResult } from "./scale-data.ts";
export { generateScaleText, type ScaleTextOptions } from "./scale-text.ts";
export { buildScaleVocabulary } from "./scale-vocabulary.ts";
