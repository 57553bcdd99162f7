import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import boundaries of biome.json (docs/decisions/0006) on probe files. Biome prints no diagnostics for a file
// given on stdin (--stdin-file-path only prints the fixed contents back), so each probe is written into a scratch copy
// of the repository's layout (biome.json and the probe alone, in the OS temp folder; nothing is written into the tree)
// and linted there with the repository's Biome and configuration.

const ROOT = path.resolve(import.meta.dirname, "..");
const BIOME = path.join(ROOT, "node_modules/@biomejs/biome/bin/biome");
const RULE = "lint/style/noRestrictedImports";

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "camatlas-lint-"));
  const config = JSON.parse(readFileSync(path.join(ROOT, "biome.json"), "utf8"));
  delete config.$schema;
  writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Lints one probe file placed at `file` (a path as in the repository) with only the import rule on. */
function lint(file: string, source: string): { failed: boolean; output: string } {
  const target = path.join(scratch, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  try {
    const result = spawnSync(
      process.execPath,
      [BIOME, "lint", "--vcs-enabled=false", "--colors=off", `--only=style/noRestrictedImports`, file],
      { cwd: scratch, encoding: "utf8" },
    );
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(target);
  }
}

const uses = (names: string[]) => `export const used = [${names.join(", ")}];\n`;

describe("import boundaries (biome.json noRestrictedImports)", () => {
  it("refuses the database package in the web app, naming the rule and the boundary", () => {
    const result = lint(
      "apps/web/app/probe.ts",
      `import { openDatabase } from "@camatlas/db";\n${uses(["openDatabase"])}`,
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain(RULE);
    expect(result.output).toContain("apps/web imports only @camatlas/shared");
  });

  it("lets the web app import the shared package and its UI libraries", () => {
    const result = lint(
      "apps/web/app/probe.ts",
      `import { ROLE } from "@camatlas/shared";\nimport { useState } from "react";\n${uses(["ROLE", "useState"])}`,
    );
    expect(result.output).not.toContain(RULE);
    expect(result.failed).toBe(false);
  });

  it.each([
    ["apps/web/app/features/probe.ts", `import { createApi } from "@camatlas/api";`, "apps/web imports only"],
    ["apps/web/app/probe.tsx", `import { sql } from "drizzle-orm";`, "apps/web imports only"],
    ["apps/web/app/probe.ts", `import { startSite } from "@camatlas/server";`, "apps/web imports only"],
    [
      "apps/api/src/probe.ts",
      `import { isAgeGateOpen } from "@camatlas/web/server-contract";`,
      "apps/api must not",
    ],
    ["packages/db/src/probe.ts", `import { createApi } from "@camatlas/api";`, "packages/db must not"],
    [
      "packages/shared/src/probe.ts",
      `import { schema } from "@camatlas/db";`,
      "packages/shared imports no other",
    ],
    [
      "apps/server/src/probe.ts",
      `import { createApi } from "@camatlas/api/src/app.ts";`,
      "never its internals",
    ],
    ["bench/probe.ts", `import { createApi } from "../apps/api/src/app.ts";`, "must not climb into another"],
    [
      "apps/server/src/probe.ts",
      `import { PublicConfig } from "../../web/app/lib/load-context.ts";`,
      "must not climb",
    ],
  ])("refuses in %s: %s", (file, importLine, message) => {
    const name = importLine.match(/\{ (\w+) \}/)?.[1] ?? "x";
    const result = lint(file, `${importLine}\n${uses([name])}`);
    expect(result.failed).toBe(true);
    expect(result.output).toContain(RULE);
    expect(result.output).toContain(message);
  });

  it("lets the server compose the site from the public entries of api, db and web", () => {
    const result = lint(
      "apps/server/src/probe.ts",
      [
        `import { createApi } from "@camatlas/api";`,
        `import { openDatabase } from "@camatlas/db";`,
        `import { createTestDatabase } from "@camatlas/db/testing";`,
        `import { isAgeGateOpen } from "@camatlas/web/server-contract";`,
        uses(["createApi", "openDatabase", "createTestDatabase", "isAgeGateOpen"]),
      ].join("\n"),
    );
    expect(result.output).not.toContain(RULE);
    expect(result.failed).toBe(false);
  });
});
