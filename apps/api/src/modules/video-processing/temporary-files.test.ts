import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sweepTemporaryFiles } from "./temporary-files.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-sweep-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("sweepTemporaryFiles", () => {
  it("removes uploads and job folders left by a killed process a day ago, keeping recent ones", async () => {
    const uploads = path.join(dataDir, "tmp", "uploads");
    const jobs = path.join(dataDir, "tmp", "video-jobs");
    await mkdir(path.join(jobs, "job-1-old"), { recursive: true });
    await mkdir(path.join(jobs, "job-2-new"), { recursive: true });
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, "old.upload"), "x");
    await writeFile(path.join(uploads, "new.upload"), "x");
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await utimes(path.join(uploads, "old.upload"), dayAgo, dayAgo);
    await utimes(path.join(jobs, "job-1-old"), dayAgo, dayAgo);
    expect(await sweepTemporaryFiles(dataDir)).toBe(2);
    expect(await readdir(uploads)).toEqual(["new.upload"]);
    expect(await readdir(jobs)).toEqual(["job-2-new"]);
  });

  it("does nothing when the folders do not exist yet", async () => {
    expect(await sweepTemporaryFiles(dataDir)).toBe(0);
  });
});
