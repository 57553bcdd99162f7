import { requireNode } from "./require-node.ts";

requireNode();
const { buildIfStale } = await import("./build-if-stale.ts");
buildIfStale();
process.env.NODE_ENV = "production";
const { startSite } = await import("../apps/web/server/main.ts");
await startSite({ mode: "production" });
