import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readApiDocument } from "./api-document.ts";

// `npm run lint` (after biome): writes /api/openapi.json from the in-process API to a temp file and runs Redocly's
// linter on it with the repository's redocly.yaml (the recommended rules). Exits with the linter's code.

const ROOT = path.resolve(import.meta.dirname, "../../../../..");
const dir = mkdtempSync(path.join(tmpdir(), "camatlas-openapi-"));
const file = path.join(dir, "openapi.json");
try {
  // A deployed site's address (PUBLIC_URL): the default, localhost, is right for a laptop and flagged by the linter
  // as a placeholder. `.invalid` is reserved: it names no real site.
  const document = await readApiDocument({ PUBLIC_URL: "https://camatlas.invalid" });
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  const result = spawnSync(
    "redocly",
    ["lint", file, "--config", path.join(ROOT, "redocly.yaml"), "--format", "stylish"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
