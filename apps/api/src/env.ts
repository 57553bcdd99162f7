import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "@camatlas/db";
import { APP_ENVS } from "@camatlas/shared";
import { z } from "zod";

// Empty strings count as missing, so `FOO=` in a .env file falls back to the default.
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const flag = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
);

const envSchema = z.object({
  PORT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  /**
   * Interface the server listens on: 127.0.0.1 (this machine only) with APP_ENV=development, every interface
   * (0.0.0.0) in staging and production; set it to listen elsewhere (e.g. 0.0.0.0 to open a dev site to the network).
   */
  HOST: optionalString,
  /**
   * Seconds an idle keep-alive connection stays open: above a load balancer's idle time (60 s on most), so the
   * balancer, not the site, closes it — a site that closes first races the balancer's next request (a reset).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(3600).default(65),
  ),
  /** Seconds a client has to send a request's headers (slow-header clients); more than the keep-alive time. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(3600).default(66),
  ),
  /** Seconds a client has to send a whole request, body included (uploads on slow links); 0 = no limit. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(3600).default(120),
  ),
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATA_DIR: optionalString.default("./data"),
  APP_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(APP_ENVS).default("development")),
  PRODUCT_NAME: optionalString.default("CamAtlas"),
  JWT_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  /** Token lifetime in minutes. */
  JWT_TTL: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).default(60)),
  /** Minutes after issue during which a token may be refreshed (default 14 days). */
  JWT_REFRESH_TTL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).default(20_160),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Trust X-Forwarded-For from a reverse proxy in front of the site. */
  TRUST_PROXY: flag,
  /** Skip demo data on an empty database (production). */
  SEED_DEMO: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["1", "0", "true", "false"]).optional()),
  /** Requests per minute per IP for writes; reads get ten times as many. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).default(60),
  ),
  /** Seconds a guest's page is shared with other guests (same address, age gate, place); 0 turns it off. */
  PAGE_CACHE_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(300).default(5),
  ),
  /**
   * Where typo search finds names: `memory` (default), an index of every name in this process (about 70 MB
   * per million names, built at start), or `database`, pg_trgm in the database (no memory, more CPU per search).
   */
  SEARCH_INDEX: z.enum(["memory", "database"]).default("memory"),
  /**
   * Milliseconds a search may trust the in-process name index before reading the database's change log again
   * (writes through this site are read at once); 0 reads it before every search.
   */
  SEARCH_INDEX_POLL_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(60_000).default(1000),
  ),
  /** Cookie domain of the session cookies, e.g. `.camatlas.example` to share them with subdomains. */
  COOKIE_DOMAIN: optionalString,
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  /** Sender of the site's mails; default `{PRODUCT_NAME} <no-reply@{PUBLIC_URL host}>`. */
  MAIL_FROM: optionalString,
  /** Outside production only: a PEM certificate the alert worker trusts for push services (the tests' loopback one). */
  PUSH_EXTRA_CA_FILE: optionalString,
  // OAuth sign-in; a provider without a client id is off. Endpoints are settable so tests can use a local mock.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: optionalString.default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: optionalString.default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: optionalString.default("https://openidconnect.googleapis.com/v1/userinfo"),
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  TWITTER_AUTH_URL: optionalString.default("https://twitter.com/i/oauth2/authorize"),
  TWITTER_TOKEN_URL: optionalString.default("https://api.twitter.com/2/oauth2/token"),
  TWITTER_USERINFO_URL: optionalString.default(
    "https://api.twitter.com/2/users/me?user.fields=confirmed_email,name,username",
  ),
  SENTRY_DSN: optionalString,
  /**
   * Bearer token of POST /api/ingest/observations. Outside production it is generated into DATA_DIR when absent; in
   * production the endpoint is closed without it (a generated token would differ per instance).
   */
  INGEST_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).optional()),
  /** Polls per minute the ingest token may post (its own limit: the people's per-IP write limit does not apply). */
  INGEST_RATE_LIMIT_PER_MINUTE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).default(1200),
  ),
  /** Seconds: a status counts up to the camsite's next poll only when it came within this gap. */
  STATS_MAX_GAP: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(10).default(300),
  ),
  /** Real collectors to run, comma separated: chaturbate, stripchat, mfc. */
  COLLECTORS: optionalString.default(""),
  CHATURBATE_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  STRIPCHAT_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  MFC_SOCKET_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** Public feeds with a default URL (set to use another, e.g. a regional mirror). */
  CAMSODA_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  CAM4_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  STREAMATE_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** BongaCams' affiliate list (promo.php with the affiliate id c=…) and the client IP it is built for. */
  BONGACAMS_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  BONGACAMS_CLIENT_IP: optionalString,
  /** Keyed feeds: LiveJasmin's AWE feed URLs (comma separated, with psId and accessKey), Flirt4Free's VS feed URL. */
  LIVEJASMIN_FEED_URLS: optionalString,
  FLIRT4FREE_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** Per-camsite poll intervals in seconds, e.g. "chaturbate=60,cam4=180" (each collector has its own default). */
  COLLECTOR_INTERVALS: optionalString,
  /** Demo schedules for the demo models (default on outside production). */
  SIMULATOR: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["1", "0", "true", "false"]).optional()),
  /** Seconds between the simulator's live polls (60 like a real collector; 1–2 s drives a demo or a test quickly). */
  SIMULATOR_INTERVAL_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(3600).default(60),
  ),
  /** Run collectors and jobs inside `npm start` (default on with the embedded database). */
  WORKER_IN_PROCESS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["1", "0", "true", "false"]).optional(),
  ),
  /** Days of demo history the simulator writes through ingestion on first start (0 = none). */
  SIMULATOR_HISTORY_DAYS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(400).default(90),
  ),
  /**
   * Test only: seconds the stories' clock runs ahead of the machine's (lib/site-clock.ts), so an end-to-end test can
   * restart the site a day later and see a story archived. Refused with APP_ENV=production.
   */
  CLOCK_OFFSET_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(-366 * 86_400)
      .max(366 * 86_400)
      .default(0),
  ),
  /** Release name sent with error reports, e.g. the deployed git commit. */
  SENTRY_RELEASE: optionalString,
  /** ffmpeg and ffprobe for video uploads (decision 0022): found on PATH unless named here. */
  FFMPEG_PATH: optionalString.default("ffmpeg"),
  FFPROBE_PATH: optionalString.default("ffprobe"),
  // S3-compatible media storage: set bucket, endpoint, both keys and the public URL, or none (local folder).
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  S3_REGION: optionalString.default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Public base URL of the bucket (CDN); media links are built from it. */
  S3_PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** Path-style bucket addressing (MinIO and most S3-compatible stores); on unless set to 0. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === "" || v === undefined ? "1" : v),
    z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true"),
  ),
});

const S3_REQUIRED = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
] as const;

/** S3-compatible storage settings, present only when every required S3_* variable is set. */
export interface S3Config {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

export type ServerEnv = z.infer<typeof envSchema> & {
  HOST: string;
  JWT_SECRET: string;
  DATA_DIR: string;
  PUBLIC_URL: string;
  seedDemo: boolean;
  INGEST_TOKEN: string;
  /** True when INGEST_TOKEN came from DATA_DIR rather than the environment (printed at start). */
  ingestTokenGenerated: boolean;
  /** The file keeping a generated INGEST_TOKEN (the start banner names it, never the token). */
  ingestTokenFile: string | null;
  /** False in production without INGEST_TOKEN: POST /api/ingest/observations then refuses every call. */
  ingestOpen: boolean;
  s3: S3Config | null;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates the environment once at start; a wrong value stops the process with a message naming the variable. */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  checkHttpTimeouts(env);
  const production = env.APP_ENV === "production";
  // Every instance must sign and check sessions with one secret: a secret generated per DATA_DIR makes each instance
  // refuse the others' tokens (401).
  if (production && env.JWT_SECRET === undefined)
    throw new EnvError(
      "Invalid environment configuration:\n  JWT_SECRET: required with APP_ENV=production (at least 32 characters, the same on every instance)",
    );
  if (production && env.CLOCK_OFFSET_SECONDS !== 0)
    throw new EnvError(
      "Invalid environment configuration:\n  CLOCK_OFFSET_SECONDS: a test-only setting, refused with APP_ENV=production",
    );
  const dataDir = path.resolve(env.DATA_DIR);
  const seedDemo =
    env.SEED_DEMO === undefined ? !production : env.SEED_DEMO === "1" || env.SEED_DEMO === "true";
  const ingestTokenFile =
    env.INGEST_TOKEN === undefined && !production ? path.join(dataDir, ".ingest-token") : null;
  return {
    ...env,
    HOST: env.HOST ?? (env.APP_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    JWT_SECRET: env.JWT_SECRET ?? loadOrCreateSecret(dataDir, "jwt-secret"),
    // Production without a token: a random one nobody knows, never stored or shown, keeps the endpoint closed.
    INGEST_TOKEN:
      env.INGEST_TOKEN ??
      (ingestTokenFile ? loadOrCreateSecret(dataDir, "ingest-token") : randomBytes(48).toString("base64url")),
    ingestTokenGenerated: ingestTokenFile !== null,
    ingestTokenFile,
    ingestOpen: env.INGEST_TOKEN !== undefined || ingestTokenFile !== null,
    seedDemo,
    s3: s3ConfigOf(env),
  };
}

/**
 * Node refuses a headers time-out above the request time-out; headers above keep-alive is the pairing load balancer
 * guides ask of Node (a request arriving at the end of the idle time still gets its full headers time).
 */
function checkHttpTimeouts(env: z.infer<typeof envSchema>) {
  const problems: string[] = [];
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS <= env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS)
    problems.push("  HTTP_HEADERS_TIMEOUT_SECONDS: must be more than HTTP_KEEP_ALIVE_TIMEOUT_SECONDS");
  if (
    env.HTTP_REQUEST_TIMEOUT_SECONDS > 0 &&
    env.HTTP_REQUEST_TIMEOUT_SECONDS < env.HTTP_HEADERS_TIMEOUT_SECONDS
  )
    problems.push("  HTTP_REQUEST_TIMEOUT_SECONDS: must be 0 or at least HTTP_HEADERS_TIMEOUT_SECONDS");
  if (problems.length > 0) throw new EnvError(`Invalid environment configuration:\n${problems.join("\n")}`);
}

/** All of the required S3_* variables or none: half a configuration stops the start naming what is missing. */
function s3ConfigOf(env: z.infer<typeof envSchema>): S3Config | null {
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length > 0) {
    throw new EnvError(
      `Invalid environment configuration:\n${missing.map((name) => `  ${name}: required when another S3_* variable is set`).join("\n")}`,
    );
  }
  return {
    bucket: env.S3_BUCKET!,
    endpoint: env.S3_ENDPOINT!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** A secret generated once and kept under DATA_DIR (0600, the folder 0700), so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}

/**
 * What works but will surprise an operator, logged as warnings at start. DATABASE_URL without S3 means several
 * instances are possible, yet each keeps the files uploaded to it in its own DATA_DIR/media: another instance
 * answers 404 for them unless the folder is shared (a network volume) or S3 is configured.
 */
export function startupWarnings(env: Pick<ServerEnv, "DATABASE_URL" | "s3" | "DATA_DIR">): string[] {
  const warnings: string[] = [];
  if (env.DATABASE_URL && !env.s3)
    warnings.push(
      `DATABASE_URL is set without S3 storage: uploads are kept in ${env.DATA_DIR}/media on the instance that received them; other instances answer 404 for them unless that folder is shared. Set the S3_* variables to run several instances.`,
    );
  return warnings;
}
