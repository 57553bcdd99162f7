import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { requireNode } from "./require-node.ts";

// `npm test`: lint, unit + API tests on PGlite (and PostgreSQL when TEST_DATABASE_URL is set), then e2e.
// Stops at the first failing stage with its exit code; ends with "N passed, N failed".
requireNode();

const ROOT = path.resolve(import.meta.dirname, "..");
const reportDir = mkdtempSync(path.join(tmpdir(), "camatlas-test-"));
const totals = { passed: 0, failed: 0 };

interface Stage {
  title: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
  /** Vitest writes its JSON report here, so the summary can count tests instead of stages. */
  report?: string;
}

function vitestReport(name: string): { args: string[]; report: string } {
  const report = path.join(reportDir, `${name}.json`);
  return { args: ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`], report };
}

const { TEST_DATABASE_URL, ...envWithoutTestDb } = process.env;
const stages: Stage[] = [
  { title: "Lint (Biome)", command: ["npm", "run", "lint"] },
  { title: "Typecheck (TypeScript, strict)", command: ["npm", "run", "typecheck"] },
];

const unit = vitestReport("unit-pglite");
stages.push({
  title: "Unit and API tests (PGlite)",
  command: ["npm", "exec", "--", "vitest", "run", ...unit.args],
  env: envWithoutTestDb,
  report: unit.report,
});

if (TEST_DATABASE_URL) {
  const pg = vitestReport("unit-postgres");
  stages.push({
    title: "Unit and API tests (PostgreSQL)",
    command: ["npm", "exec", "--", "vitest", "run", ...pg.args],
    env: { ...process.env, TEST_DATABASE_URL },
    report: pg.report,
  });
}

const e2e = vitestReport("e2e");
stages.push({
  title: "End-to-end tests (Chromium)",
  // What `npm run test:e2e` runs, called directly so the reporter flags reach vitest through one `--`.
  command: ["npm", "run", "test", "-w", "@camatlas/e2e", "--", ...e2e.args],
  report: e2e.report,
});

for (const stage of stages) {
  console.log(`\n=== ${stage.title} ===\n`);
  const [command, ...args] = stage.command as [string, ...string[]];
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: stage.env ?? process.env });
  const code = result.status ?? 1;
  count(stage, code);
  if (code !== 0) {
    console.error(`\n${stage.title} failed (exit code ${code}).`);
    finish(code);
  }
}
finish(0);

/** Adds the stage's test counts from its vitest report, or counts the stage itself as one. */
function count(stage: Stage, code: number): void {
  if (stage.report && existsSync(stage.report)) {
    const report = JSON.parse(readFileSync(stage.report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
    };
    // A file that fails outside any test (a broken import, a crashed hook) counts as one failure.
    const brokenFiles = report.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    ).length;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + brokenFiles;
    if (code !== 0 && report.numFailedTests + brokenFiles === 0) totals.failed += 1;
    return;
  }
  if (code === 0) totals.passed += 1;
  else totals.failed += 1;
}

function finish(code: number): never {
  rmSync(reportDir, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}
