import { requireNode } from "./require-node.ts";

requireNode();
const { startSite } = await import("@camatlas/server");
await startSite({ mode: "development" });
