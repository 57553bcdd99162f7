import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, loadServerEnv, startupWarnings } from "./env.ts";

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "camatlas-env-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const SECRET = "production-secret-that-is-long-enough-for-hs256";
const INGEST = "production-ingest-token-0123456789";

describe("loadServerEnv", () => {
  it("applies the documented defaults", () => {
    const env = loadServerEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({
      PORT: 3000,
      APP_ENV: "development",
      PRODUCT_NAME: "CamAtlas",
      PUBLIC_URL: "http://localhost:3000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.seedDemo).toBe(true);
  });

  it("shares guests' pages for 5 seconds unless PAGE_CACHE_SECONDS says otherwise (0 = off)", () => {
    expect(loadServerEnv({ DATA_DIR: dataDir() }).PAGE_CACHE_SECONDS).toBe(5);
    expect(loadServerEnv({ DATA_DIR: dataDir(), PAGE_CACHE_SECONDS: "0" }).PAGE_CACHE_SECONDS).toBe(0);
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), PAGE_CACHE_SECONDS: "-1" })).toThrow(
      /PAGE_CACHE_SECONDS/,
    );
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), PAGE_CACHE_SECONDS: "soon" })).toThrow(
      /PAGE_CACHE_SECONDS/,
    );
  });

  it("treats empty strings as missing", () => {
    const env = loadServerEnv({ DATA_DIR: dataDir(), PORT: "", DATABASE_URL: "", APP_ENV: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the variable of a wrong value", () => {
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(EnvError);
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "prod" })).toThrow(/APP_ENV/);
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
  });

  it("generates a JWT secret once and keeps it under DATA_DIR", () => {
    const dir = dataDir();
    const first = loadServerEnv({ DATA_DIR: dir });
    const second = loadServerEnv({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(readFileSync(path.join(dir, ".jwt-secret"), "utf8").trim()).toBe(first.JWT_SECRET);
  });

  it("takes a test-only clock offset for the stories, refused in production", () => {
    expect(loadServerEnv({ DATA_DIR: dataDir() }).CLOCK_OFFSET_SECONDS).toBe(0);
    expect(loadServerEnv({ DATA_DIR: dataDir(), CLOCK_OFFSET_SECONDS: "86400" }).CLOCK_OFFSET_SECONDS).toBe(
      86_400,
    );
    const production = { DATA_DIR: dataDir(), APP_ENV: "production", JWT_SECRET: SECRET };
    expect(() => loadServerEnv({ ...production, CLOCK_OFFSET_SECONDS: "86400" })).toThrow(
      /CLOCK_OFFSET_SECONDS: a test-only setting/,
    );
    expect(loadServerEnv(production).CLOCK_OFFSET_SECONDS).toBe(0);
  });

  it("does not seed demo data in production unless asked", () => {
    const production = { APP_ENV: "production", JWT_SECRET: SECRET };
    expect(loadServerEnv({ DATA_DIR: dataDir(), ...production }).seedDemo).toBe(false);
    expect(loadServerEnv({ DATA_DIR: dataDir(), ...production, SEED_DEMO: "1" }).seedDemo).toBe(true);
  });
});

describe("start-up warnings", () => {
  const s3 = {
    S3_BUCKET: "media",
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://cdn.example.com/media",
  };
  const url = "postgres://camatlas@db.internal/camatlas";

  it("warn that uploads stay on their instance when DATABASE_URL is set without S3", () => {
    const dir = dataDir();
    const warnings = startupWarnings(loadServerEnv({ DATA_DIR: dir, DATABASE_URL: url }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${dir}/media`);
    expect(warnings[0]).toMatch(/DATABASE_URL is set without S3.*other instances answer 404/);
  });

  it("say nothing with S3, or on the embedded database (one instance)", () => {
    expect(startupWarnings(loadServerEnv({ DATA_DIR: dataDir(), DATABASE_URL: url, ...s3 }))).toEqual([]);
    expect(startupWarnings(loadServerEnv({ DATA_DIR: dataDir() }))).toEqual([]);
  });

  it("refuses to start in production without JWT_SECRET, naming it", () => {
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "production" })).toThrow(EnvError);
    expect(() => loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "production" })).toThrow(
      /JWT_SECRET: required/,
    );
    const env = loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "production", JWT_SECRET: SECRET });
    expect(env.JWT_SECRET).toBe(SECRET);
  });

  it("closes HTTP ingest in production without INGEST_TOKEN instead of generating one per instance", () => {
    const dir = dataDir();
    const env = loadServerEnv({ DATA_DIR: dir, APP_ENV: "production", JWT_SECRET: SECRET });
    expect(env.ingestOpen).toBe(false);
    expect(env.ingestTokenFile).toBeNull();
    expect(() => readFileSync(path.join(dir, ".ingest-token"))).toThrow();
    const given = loadServerEnv({
      DATA_DIR: dir,
      APP_ENV: "production",
      JWT_SECRET: SECRET,
      INGEST_TOKEN: INGEST,
    });
    expect(given).toMatchObject({ ingestOpen: true, INGEST_TOKEN: INGEST, ingestTokenGenerated: false });
    const dev = loadServerEnv({ DATA_DIR: dir });
    expect(dev).toMatchObject({
      ingestOpen: true,
      ingestTokenGenerated: true,
      ingestTokenFile: path.join(dir, ".ingest-token"),
    });
  });

  it("listens on this machine only in development unless HOST says otherwise", () => {
    expect(loadServerEnv({ DATA_DIR: dataDir() }).HOST).toBe("127.0.0.1");
    expect(loadServerEnv({ DATA_DIR: dataDir(), HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "staging" }).HOST).toBe("0.0.0.0");
    expect(loadServerEnv({ DATA_DIR: dataDir(), APP_ENV: "production", JWT_SECRET: SECRET }).HOST).toBe(
      "0.0.0.0",
    );
  });

  it("keeps DATA_DIR and the generated secrets private to the site's user (0700, 0600)", () => {
    const dir = path.join(dataDir(), "nested", "data");
    loadServerEnv({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, ".jwt-secret")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, ".ingest-token")).mode & 0o777).toBe(0o600);
  });
});
