import { camsiteHas } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createRandom } from "../factories/create-random.ts";
import { knownPortraitBlurhash } from "../stats-ingest/topics-and-snapshots.ts";

// The demo history's side records: what a camsite shows besides on-cam time, for the nicknames that have history.
// Live snapshots (at moments the caller's schedule has them on cam), and, on the camsites that have them (spec §9),
// MyFreeCams badges earned and missed per month and past nicknames. A few hundred rows: cheap on the first start.

export interface DemoStatsNickname {
  camSiteId: number;
  nickname: string;
}

export interface DemoSnapshot extends DemoStatsNickname {
  /** Epoch seconds. */
  at: number;
  url: string;
}

const DAY = 86_400;

/** Writes the side records once (a nickname that already has badges, changes or snapshots is left alone). */
export async function seedDemoStatsRecords(
  db: Database,
  input: { nicknames: readonly DemoStatsNickname[]; snapshots: readonly DemoSnapshot[]; now: number },
): Promise<{ snapshots: number; badges: number; changes: number }> {
  const ids = await nicknameIds(db, input.nicknames);
  const key = (n: DemoStatsNickname) => `${n.camSiteId}:${n.nickname}`;

  const snaps = input.snapshots.flatMap((s) => {
    const id = ids.get(key(s));
    return id && camsiteHas(s.camSiteId, "liveSnap") ? [{ id, at: s.at, url: s.url }] : [];
  });
  if (snaps.length > 0)
    await db.execute(sql`
      insert into image_records (model_id, cam_site_id, nickname_id, type, url, taken_at, blurhash)
      select n.model_id, n.cam_site_id, n.id, 'snapshot', u.url, to_timestamp(u.at),
        ${knownPortraitBlurhash(sql`n.model_id`, sql`u.url`)}
      from unnest(${sql.param(snaps.map((s) => s.id))}::int[], ${sql.param(snaps.map((s) => s.url))}::text[],
        ${sql.param(snaps.map((s) => s.at))}::float8[]) as u(id, url, at)
      join nicknames n on n.id = u.id
      where not exists (select 1 from image_records r where r.nickname_id = u.id and r.url = u.url)`);

  // Badges 1–15 by month over the last three full months: a few earned, now and then one missed.
  const badges: Array<{ id: number; badge: number; period: string; missed: boolean; at: number }> = [];
  const changes: Array<{ id: number; old: string; at: number }> = [];
  for (const n of input.nicknames) {
    const id = ids.get(key(n));
    if (!id) continue;
    const random = createRandom(`demo-stats-records:${key(n).toLowerCase()}`);
    if (camsiteHas(n.camSiteId, "badgesMissesCamscore")) {
      const month = new Date(input.now * 1000);
      for (let back = 3; back >= 1; back--) {
        const start = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - back, 1) / 1000;
        const end = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - back + 1, 1) / 1000;
        const period = new Date(start * 1000).toISOString().slice(0, 7);
        const picked = random.sample(
          Array.from({ length: 15 }, (_, i) => i + 1),
          random.int(1, 4) + 1,
        );
        const [missedBadge, ...earned] = picked;
        for (const badge of earned) badges.push({ id, badge, period, missed: false, at: end });
        if (missedBadge !== undefined && random.chance(0.5))
          badges.push({ id, badge: missedBadge, period, missed: true, at: end });
      }
    }
    if (camsiteHas(n.camSiteId, "nicknameChanges") && random.chance(0.5)) {
      const old = `${n.nickname.replace(/[_\d]+$/, "")}${random.pick(["_", "x", "Xo", "_live", ""])}${random.int(1, 99)}`;
      changes.push({ id, old, at: input.now - random.int(30, 80) * DAY - random.int(0, DAY) });
    }
  }
  if (badges.length > 0)
    await db.execute(sql`
      insert into nickname_badges (nickname_id, badge_id, period, missed, earned_at)
      select u.id, u.badge, u.period, u.missed, to_timestamp(u.at)
      from unnest(${sql.param(badges.map((b) => b.id))}::int[], ${sql.param(badges.map((b) => b.badge))}::int[],
        ${sql.param(badges.map((b) => b.period))}::text[], ${sql.param(badges.map((b) => b.missed))}::bool[],
        ${sql.param(badges.map((b) => b.at))}::float8[]) as u(id, badge, period, missed, at)
      on conflict do nothing`);
  if (changes.length > 0)
    await db.execute(sql`
      insert into nickname_changes (nickname_id, old_nickname, new_nickname, changed_at)
      select n.id, u.old, n.nickname, to_timestamp(u.at)
      from unnest(${sql.param(changes.map((c) => c.id))}::int[], ${sql.param(changes.map((c) => c.old))}::text[],
        ${sql.param(changes.map((c) => c.at))}::float8[]) as u(id, old, at)
      join nicknames n on n.id = u.id
      where not exists (select 1 from nickname_changes x where x.nickname_id = n.id)`);
  return { snapshots: snaps.length, badges: badges.length, changes: changes.length };
}

async function nicknameIds(
  db: Database,
  nicknames: readonly DemoStatsNickname[],
): Promise<Map<string, number>> {
  if (nicknames.length === 0) return new Map();
  const result = (await db.execute(sql`
    select n.id, n.cam_site_id, n.nickname from nicknames n
    join unnest(${sql.param(nicknames.map((n) => n.camSiteId))}::int[], ${sql.param(nicknames.map((n) => n.nickname))}::text[])
      as u(cam_site_id, nickname) on n.cam_site_id = u.cam_site_id and n.nickname = u.nickname
    where n.deleted_at is null`)) as { rows: Array<{ id: number; cam_site_id: number; nickname: string }> };
  return new Map(result.rows.map((r) => [`${r.cam_site_id}:${r.nickname}`, Number(r.id)]));
}
