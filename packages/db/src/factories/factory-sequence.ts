import { createRandom } from "./create-random.ts";

// create* helpers insert into databases that tests share across files and e2e runs, so their default unique
// values carry a per-process tag as well as a counter; build* helpers stay fully deterministic.
const RUN_TAG = (Date.now() % 46_656).toString(36).padStart(3, "0") + process.pid.toString(36).slice(-2);
let counter = 0;

/** A short unique token for default emails, nicknames and slugs ("k3x9a7"). */
export function nextUniqueToken(): string {
  counter += 1;
  return `${RUN_TAG}${counter.toString(36)}`;
}

/** The random source of create* defaults: deterministic within a process. */
export const factoryRandom = createRandom("camatlas-factories");
