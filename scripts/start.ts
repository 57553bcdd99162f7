import { requireNode } from "./require-node.ts";

requireNode();
const { buildIfStale } = await import("./build-if-stale.ts");
buildIfStale();
process.env.NODE_ENV = "production";
const { startSite } = await import("@camatlas/server");
await startSite({ mode: "production" });
