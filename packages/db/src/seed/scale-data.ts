import { ROLE } from "@camatlas/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { LOWERCASE_CAMSITE_IDS, pickCamsites } from "../factories/camsite-popularity.ts";
import { createRandom, type Random } from "../factories/create-random.ts";
import { createNicknameRegistry } from "../factories/nickname-styles.ts";
import {
  generateModelName,
  generateUserName,
  generateUserNickName,
  slugify,
} from "../factories/person-names.ts";
import { pickModelPlace, pickUserPlace } from "../factories/places.ts";
import { buildTag, DEMO_TAG_NAMES } from "../factories/tag-factory.ts";
import { dateOnly, daysAgo, secondsAgo, yearsAgo } from "../factories/time.ts";
import { createUniqueText } from "../factories/unique-text.ts";
import { tags } from "../schema/models.ts";
import { refreshCamsiteCounters } from "./demo-data.ts";

export interface ScaleOptions {
  models: number;
  nicknames: number;
  users: number;
  /** Rows per insert statement. */
  batchSize: number;
  seed: string;
  onProgress?: (event: ScaleProgress) => void;
}

export interface ScaleProgress {
  table: string;
  done: number;
  total: number;
  elapsedMs: number;
}

export interface ScaleResult {
  rows: Record<string, number>;
  elapsedMs: number;
}

export type Column = { name: string; type: string; values: unknown[] };

/**
 * Bulk benchmark data: users, models with tags, nicknames on distinct camsites. Ids continue after the rows already
 * there; batches go in as one `insert … select from unnest(arrays)` each (one parameter per column, so any batch size
 * fits), the next batch is generated while the previous one is written. No avatars, no ratings rows (the models'
 * rating columns are filled directly). Deterministic for a given seed and starting database.
 */
export async function generateScaleData(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  const random = createRandom(options.seed);
  const rows: Record<string, number> = {};
  const report = (table: string, done: number, total: number) =>
    options.onProgress?.({ table, done, total, elapsedMs: performance.now() - started });

  // Users (camfans, no password: they cannot sign in).
  const userStart = await nextId(db, "users");
  const takenUsers = rowsOf<{ nick: string; email: string }>(
    await db.execute(sql`select lower(nick_name) as nick, lower(email) as email from users`),
  );
  const uniqueNick = createUniqueText(32);
  const uniqueEmail = createUniqueText(254);
  for (const row of takenUsers) {
    uniqueNick(row.nick);
    uniqueEmail(row.email);
  }
  const userIds: number[] = [];
  rows.users = await writeBatches(db, "users", options.users, options.batchSize, report, (from, to) => {
    const cols = columns({
      id: "int",
      first_name: "text",
      last_name: "text",
      nick_name: "text",
      email: "text",
      role_id: "smallint",
      country: "text",
      city: "text",
      gender: "text",
      created_at: "timestamptz",
    });
    for (let i = from; i < to; i++) {
      const name = generateUserName(random);
      const nick = uniqueNick(generateUserNickName(random, name));
      const place = pickUserPlace(random);
      const id = userStart + i;
      userIds.push(id);
      push(cols, [
        id,
        name.firstName,
        name.lastName,
        nick,
        uniqueEmail(`${nick.toLowerCase()}@example.com`),
        ROLE.camfan,
        place.country,
        place.city,
        random.chance(0.85) ? "male" : "unknown",
        daysAgo(random.int(1, 1_500)).toISOString(),
      ]);
    }
    return cols;
  });
  const creators = userIds.length ? userIds : [null];

  // Tags: the demo vocabulary, created when missing.
  await db
    .insert(tags)
    .values(DEMO_TAG_NAMES.map((name) => buildTag(name)))
    .onConflictDoNothing();
  const tagIds = (await db.select({ id: tags.id }).from(tags)).map((t) => t.id);

  // How many nicknames each model gets: one each, the rest spread at random (capped, distinct camsites).
  const perModel = distributeNicknames(random.fork("distribution"), options.models, options.nicknames);

  const modelStart = await nextId(db, "models");
  rows.models = await writeBatches(db, "models", options.models, options.batchSize, report, (from, to) => {
    const cols = columns({
      id: "int",
      slug: "text",
      name: "text",
      birthday: "date",
      country: "text",
      region: "text",
      city: "text",
      started_at: "date",
      created_by_user_id: "int",
      rating_votes: "int",
      rating_sum: "int",
      rating: "real",
      last_activity_at: "timestamptz",
      created_at: "timestamptz",
    });
    for (let i = from; i < to; i++) {
      const id = modelStart + i;
      const { firstName, lastName } = generateModelName(random);
      const place = pickModelPlace(random);
      const votes = Math.floor(random.next() ** 2 * 60);
      const average = votes ? 2.8 + random.next() * 2.1 : 0;
      push(cols, [
        id,
        // The id keeps slugs unique without a lookup per row.
        `${slugify(`${firstName} ${lastName}`)}-${id}`,
        `${firstName} ${lastName}`,
        dateOnly(yearsAgo(random.int(18, 44), random.int(1, 364))),
        place.country,
        place.region,
        place.city,
        dateOnly(yearsAgo(random.int(0, 8), random.int(1, 364))),
        random.pick(creators),
        votes,
        Math.round(votes * average),
        votes ? Math.round(average * 100) / 100 : 0,
        secondsAgo(random.int(60, 90 * 86_400)).toISOString(),
        daysAgo(random.int(1, 1_500)).toISOString(),
      ]);
    }
    return cols;
  });

  const tagsPerModel = Math.min(tagIds.length, 4);
  rows.model_tags = await writeBatches(
    db,
    "model_tags",
    options.models,
    options.batchSize,
    report,
    (from, to) => {
      const cols = columns({ model_id: "int", tag_id: "int" });
      for (let i = from; i < to; i++) {
        for (const tagId of random.sample(tagIds, random.int(Math.min(2, tagsPerModel), tagsPerModel))) {
          push(cols, [modelStart + i, tagId]);
        }
      }
      return cols;
    },
  );

  const registry = createNicknameRegistry({ lowercaseCamSiteIds: LOWERCASE_CAMSITE_IDS });
  const nicknameStart = await nextId(db, "nicknames");
  let nicknameId = nicknameStart;
  // Batches are cut by model, so a batch holds about batchSize nicknames.
  const modelsPerBatch = Math.max(
    1,
    Math.floor(options.batchSize / Math.max(1, options.nicknames / options.models)),
  );
  let written = 0;
  const writer = createWriter();
  rows.nicknames = 0;
  for (let from = 0; from < options.models; from += modelsPerBatch) {
    const to = Math.min(options.models, from + modelsPerBatch);
    const cols = nicknameBatch(random, registry, perModel, modelStart, from, to, () => nicknameId++);
    await writer.add(() =>
      insertColumns(db, "nicknames", cols, true).then((inserted) => {
        rows.nicknames = (rows.nicknames ?? 0) + inserted;
        written += cols[0]!.values.length;
        report("nicknames", written, options.nicknames);
      }),
    );
  }
  await writer.drain();

  for (const table of ["users", "models", "nicknames"]) await syncSequence(db, table);
  await refreshCamsiteCounters(db);
  // The triggers logged every generated model in model_search_changes (twice: her name, her nicknames). A search
  // index started later loads them from the tables and never reads those rows, and pruning them later, in the
  // middle of a benchmark, costs more than deleting them now (an index already running would need a restart to see
  // the new models; scale data is meant for a fresh benchmark database).
  await db.execute(sql`delete from model_search_changes where model_id >= ${modelStart}::int`);
  // Statistics for the planner and the visibility map for index-only scans, as autovacuum would keep them.
  await db.execute(
    sql`vacuum analyze users, models, model_tags, nicknames, model_search_names, model_search_terms, model_search_changes`,
  );
  return { rows, elapsedMs: performance.now() - started };
}

function nicknameBatch(
  random: Random,
  registry: ReturnType<typeof createNicknameRegistry>,
  perModel: Uint8Array,
  modelStart: number,
  from: number,
  to: number,
  nextId: () => number,
): Column[] {
  const cols = columns({
    id: "int",
    nickname: "text",
    name: "text",
    cam_site_id: "int",
    model_id: "int",
    is_active: "bool",
    activity_status_id: "smallint",
    has_stats: "bool",
    first_seen_at: "timestamptz",
    last_seen_at: "timestamptz",
    last_activity_at: "timestamptz",
  });
  for (let i = from; i < to; i++) {
    const name = generateModelName(random);
    for (const camSiteId of pickCamsites(random, perModel[i]!)) {
      const nickname = registry.take(random, camSiteId, name);
      const online = random.chance(0.05);
      const lastSeen = (
        online ? secondsAgo(random.int(0, 600)) : secondsAgo(random.int(600, 120 * 86_400))
      ).toISOString();
      push(cols, [
        nextId(),
        nickname,
        nickname,
        camSiteId,
        modelStart + i,
        random.chance(0.92),
        online ? 1 : 100,
        camSiteId === 1 || camSiteId === 12 || camSiteId === 33,
        daysAgo(random.int(120, 2_000)).toISOString(),
        lastSeen,
        lastSeen,
      ]);
    }
  }
  return cols;
}

/** 1 nickname per model, the remainder spread at random; at most 41 (the number of camsites) per model. */
function distributeNicknames(random: Random, models: number, nicknames: number): Uint8Array {
  const counts = new Uint8Array(models);
  if (models === 0) return counts;
  const base = Math.min(1, Math.floor(nicknames / models));
  counts.fill(base);
  const cap = Math.min(41, Math.max(5, Math.ceil(nicknames / models) + 2));
  let remaining = Math.min(nicknames - base * models, models * (cap - base));
  while (remaining > 0) {
    const i = Math.floor(random.next() * models);
    if (counts[i]! < cap) {
      counts[i]! += 1;
      remaining--;
    }
  }
  return counts;
}

export function columns(spec: Record<string, string>): Column[] {
  return Object.entries(spec).map(([name, type]) => ({ name, type, values: [] }));
}

export function push(cols: Column[], values: unknown[]) {
  for (let i = 0; i < cols.length; i++) cols[i]!.values.push(values[i]);
}

/** Generates and writes `total` rows in batches; new batches are built while earlier ones are in flight. */
export async function writeBatches(
  db: Database,
  table: string,
  total: number,
  batchSize: number,
  report: (table: string, done: number, total: number) => void,
  build: (from: number, to: number) => Column[],
): Promise<number> {
  let inserted = 0;
  const writer = createWriter();
  for (let from = 0; from < total; from += batchSize) {
    const to = Math.min(total, from + batchSize);
    const cols = build(from, to);
    await writer.add(() =>
      insertColumns(db, table, cols, table === "model_tags").then((n) => {
        inserted += n;
        report(table, to, total);
      }),
    );
  }
  await writer.drain();
  return inserted;
}

// Two statements in flight keep both the server and this process busy (the pool has several connections).
const IN_FLIGHT = 2;

function createWriter() {
  const pending = new Set<Promise<void>>();
  return {
    async add(task: () => Promise<void>) {
      while (pending.size >= IN_FLIGHT) await Promise.race(pending);
      const promise: Promise<void> = task().finally(() => pending.delete(promise));
      pending.add(promise);
    },
    drain: async () => {
      await Promise.all(pending);
    },
  };
}

/**
 * `insert into t (cols) select * from unnest($1::type[], …)`: one round trip per batch. Two batches in flight both
 * upsert shared names into model_search_terms; before migration 0018 took those locks in name order they could
 * deadlock. Should PostgreSQL still pick a batch as a deadlock victim, it rolls that statement back whole, so it is
 * sent again.
 */
async function insertColumns(
  db: Database,
  table: string,
  cols: Column[],
  ignoreConflicts: boolean,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertColumnsOnce(db, table, cols, ignoreConflicts);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

const DEADLOCK_ATTEMPTS = 5;

function isDeadlock(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return (cause?.code ?? (error as { code?: string } | null)?.code) === "40P01";
}

async function insertColumnsOnce(
  db: Database,
  table: string,
  cols: Column[],
  ignoreConflicts: boolean,
): Promise<number> {
  if (!cols[0]?.values.length) return 0;
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(", "));
  const arrays: SQL[] = cols.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`);
  const result = await db.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${
      ignoreConflicts ? sql` on conflict do nothing` : sql``
    }`,
  );
  // node-postgres says rowCount, PGlite affectedRows.
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counted.rowCount ?? counted.affectedRows ?? cols[0].values.length);
}

export async function nextId(db: Database, table: string): Promise<number> {
  const [row] = rowsOf<{ next: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int + 1 as next from ${sql.identifier(table)}`),
  );
  return Number(row?.next ?? 1);
}

/** Explicit ids bypass the identity sequence; move it past them so later inserts do not collide. */
export async function syncSequence(db: Database, table: string) {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.identifier(table)}), 1))`,
  );
}

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
