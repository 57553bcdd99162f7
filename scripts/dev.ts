import { requireNode } from "./require-node.ts";

requireNode();
const { startSite } = await import("../apps/web/server/main.ts");
await startSite({ mode: "development" });
