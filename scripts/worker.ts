// npm run worker — statistics collectors (COLLECTORS, SIMULATOR) and scheduled stats jobs, stopped by SIGTERM.
import { requireNode } from "./require-node.ts";

requireNode();
const { runWorkerProcess } = await import("@camatlas/server/worker");
await runWorkerProcess();
