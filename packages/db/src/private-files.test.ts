import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "./client.ts";
import { ensurePrivateDir, makeTreePrivate } from "./private-files.ts";

const made: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "camatlas-private-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Modes of everything under `dir` that others could read or write. */
function exposed(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (modeOf(file) & 0o077) found.push(`${name} ${modeOf(file).toString(8)}`);
  }
  return found;
}

describe("private files", () => {
  it("creates folders 0700 and takes group and other access from an existing one", () => {
    const dir = path.join(scratch(), "a", "b");
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    const open = path.join(scratch(), "open");
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o777);
    ensurePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });

  it("makes a tree's files 0600 and folders 0700", () => {
    const dir = scratch();
    mkdirSync(path.join(dir, "sub"));
    writeFileSync(path.join(dir, "sub", "f"), "x", { mode: 0o666 });
    chmodSync(path.join(dir, "sub", "f"), 0o666);
    makeTreePrivate(dir);
    expect(exposed(dir)).toEqual([]);
    expect(modeOf(path.join(dir, "sub", "f"))).toBe(0o600);
  });

  it("leaves nothing of the embedded database readable by others (PGlite writes 0666 files itself)", async () => {
    const dataDir = path.join(scratch(), "db");
    // From the migrated test template (a fresh initdb takes far longer); absent when the tests run on PostgreSQL.
    const template = inject("pgliteTemplateFile");
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const database = await openDatabase({ dataDir, loadDataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(exposed(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
