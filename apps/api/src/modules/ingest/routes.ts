import { timingSafeEqual } from "node:crypto";
import { ingestEndpoints } from "@camatlas/shared/api-contract";
import {
  INGEST_MAX_AGE_DAYS,
  INGEST_MAX_BODY_BYTES,
  INGEST_MAX_FUTURE_SECONDS,
  INGEST_MESSAGES,
} from "@camatlas/shared/stats";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { unauthorized, validationFailed } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { ingestBody } from "./ingest-service.ts";

// The ingest token is a bearer credential of its own: the document says so.
const ingestRoute = contractRoute(ingestEndpoints.observations, {
  invalidates: ["live"],
  access: "token",
  tags: ["stats"],
  summary: "Ingest one camsite poll (collectors)",
  description:
    "A complete poll lists every online nickname of the camsite; absent nicknames are offline from that moment. " +
    "Replayed polls (same camsite and observed_at) change nothing; late polls are merged exactly. " +
    "Optional renames ({from, to, at}) are applied first: the stats nickname takes the new name with her history.",
  replyDescription: "Applied, or recognised as a replay",
  security: [{ ingestToken: [] }],
  // A whole camsite poll: thousands of observations.
  bodyLimit: { bytes: INGEST_MAX_BODY_BYTES, message: INGEST_MESSAGES.tooLarge },
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerMatches(c: Context<AppEnv>): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "");
  return Boolean(match?.[1] && sameSecret(match[1].trim(), c.var.deps.env.INGEST_TOKEN));
}

const INGEST_PATH = "/api/ingest/observations";

/**
 * A collector posting with the ingest token is a service, not a person: one host posts a minute's polls for every
 * camsite (and backfills), so the per-IP write limit meant for people must never answer it 429. A wrong token
 * stays under that limit, so guessing the token is limited as any write is.
 */
export function isIngestServiceCall(c: Context<AppEnv>): boolean {
  return c.req.method === "POST" && c.req.path === INGEST_PATH && bearerMatches(c);
}

/** Collectors authenticate with `Authorization: Bearer $INGEST_TOKEN`, checked before the body is read. */
const requireIngestToken = createMiddleware<AppEnv>(async (c, next) => {
  if (!bearerMatches(c)) throw unauthorized(INGEST_MESSAGES.badToken);
  await next();
});

/** The token's own limit, counted per token (there is one), generous enough for every camsite and a backfill. */
const ingestTokenLimit = createMiddleware<AppEnv>((c, next) =>
  rateLimit({
    name: "ingest",
    limit: c.var.deps.env.INGEST_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    key: () => "token",
  })(c, next),
);

export const ingestRoutes = new OpenAPIHono<AppEnv>();
ingestRoutes.use("/ingest/observations", requireIngestToken);
ingestRoutes.use("/ingest/observations", ingestTokenLimit);
ingestRoutes.openapi(ingestRoute, async (c) => {
  const body = c.req.valid("json");
  const observedAt = Date.parse(body.observed_at) / 1000;
  const now = Date.now() / 1000;
  if (observedAt > now + INGEST_MAX_FUTURE_SECONDS)
    throw validationFailed({ observed_at: [INGEST_MESSAGES.future] });
  if (observedAt < now - INGEST_MAX_AGE_DAYS * 86_400)
    throw validationFailed({ observed_at: [INGEST_MESSAGES.tooOld] });
  if (body.renames?.some((r) => Date.parse(r.at) / 1000 > now + INGEST_MAX_FUTURE_SECONDS))
    throw validationFailed({ renames: [INGEST_MESSAGES.renameFuture] });
  // The poll is one transaction (its renames, if any, one before it): a failure leaves nothing of the poll behind,
  // and renames applied again change nothing, so the collector can simply send it again.
  const outcome = await ingestBody(c.var.deps, body);
  return c.json(outcome, 200);
});
