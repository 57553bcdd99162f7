import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { media } from "../schema/media.ts";
import { modelRatings, models, nicknames } from "../schema/models.ts";
import { settings } from "../schema/settings.ts";
import { users } from "../schema/users.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { DEMO_ACCOUNTS, seedDemoData } from "./demo-data.ts";

// argon2 is slow on purpose; a reversible fake keeps the test fast and the hashes checkable.
const fakeHash = async (password: string) => `fake$${password}`;
const verifyFake = (hash: string | null, password: string) => hash === `fake$${password}`;

let mediaDir: string;
const handles: DatabaseHandle[] = [];

async function freshDatabase() {
  // Migrated, with reference data, and seen by no other test.
  const handle = await createTestDatabase();
  handles.push(handle);
  return handle;
}

let first: DatabaseHandle;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-demo-media-"));
  first = await freshDatabase();
  const started = performance.now();
  const result = await seedDemoData(first.db, { hashPassword: fakeHash, mediaDir });
  expect(result.created).toBe(true);
  // Budget: well under 10 s on in-memory PGlite.
  expect(performance.now() - started).toBeLessThan(10_000);
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("seedDemoData", () => {
  it("creates the three demo accounts with verifiable password hashes", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await first.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.nickName).toBe(account.nickName);
      expect(verifyFake(user?.passwordHash ?? null, account.password)).toBe(true);
    }
    const [camgirl] = await first.db.select().from(users).where(eq(users.nickName, "camgirl"));
    expect(camgirl?.verifiedCamgirl).toBe(true);
    const bound = await first.db.select().from(models).where(eq(models.userId, camgirl!.id));
    expect(bound).toHaveLength(1);
  });

  it("adds users of every role", async () => {
    const rows = await first.db
      .select({ roleId: users.roleId, n: count() })
      .from(users)
      .groupBy(users.roleId);
    const byRole = Object.fromEntries(rows.map((r) => [r.roleId, Number(r.n)]));
    expect(byRole[1]).toBeGreaterThanOrEqual(2);
    expect(byRole[2]).toBeGreaterThanOrEqual(50);
    expect(byRole[3]).toBeGreaterThanOrEqual(3);
    expect(Object.values(byRole).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(80);
  });

  it("creates at least 500 adult models, each with 1–5 nicknames on distinct camsites", async () => {
    const modelRows = await first.db.select({ id: models.id, birthday: models.birthday }).from(models);
    expect(modelRows.length).toBeGreaterThanOrEqual(500);
    const nicknameRows = await first.db
      .select({ modelId: nicknames.modelId, camSiteId: nicknames.camSiteId })
      .from(nicknames);
    const sitesByModel = new Map<number, number[]>();
    for (const n of nicknameRows)
      sitesByModel.set(n.modelId!, [...(sitesByModel.get(n.modelId!) ?? []), n.camSiteId]);
    for (const model of modelRows) {
      const sites = sitesByModel.get(model.id) ?? [];
      expect(sites.length).toBeGreaterThanOrEqual(1);
      expect(sites.length).toBeLessThanOrEqual(5);
      expect(new Set(sites).size).toBe(sites.length);
      const age = (Date.now() - new Date(model.birthday!).getTime()) / (365.25 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(18);
    }
  });

  it("keeps rating votes in step with the model_ratings rows", async () => {
    const votes = await first.db
      .select({ modelId: modelRatings.modelId, n: count(), sum: modelRatings.rating })
      .from(modelRatings)
      .groupBy(modelRatings.modelId, modelRatings.rating);
    const fromRows = new Map<number, number>();
    for (const v of votes) fromRows.set(v.modelId, (fromRows.get(v.modelId) ?? 0) + Number(v.n));
    const modelVotes = await first.db.select({ id: models.id, votes: models.ratingVotes }).from(models);
    for (const m of modelVotes) expect(m.votes).toBe(fromRows.get(m.id) ?? 0);
  });

  it("gives every model with an avatar her own portrait, drawn from her slug, and the default settings", async () => {
    const avatars = await first.db
      .select({ path: media.path, slug: models.slug, blurhash: media.blurhash })
      .from(models)
      .innerJoin(media, eq(media.id, models.avatarMediaId));
    expect(avatars.length).toBeGreaterThan(400);
    for (const row of avatars) expect(row.path).toBe(`portraits/${row.slug}/avatar.webp`);
    // Drawn after the start (completeDemoPortraits) or on first request: the seed itself writes none.
    expect(avatars.every((row) => row.blurhash === null)).toBe(true);
    expect(await readdir(mediaDir)).not.toContain("portraits");
    // The page images are drawn at once, with their placeholders.
    const banners = await first.db.select().from(media).where(eq(media.kind, "setting_image"));
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) expect(banner.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/);
    const [home] = await first.db.select().from(settings).where(eq(settings.name, "home"));
    expect(home?.value).toMatchObject({ title: "Find your girl" });
  });

  it("is deterministic: a second empty database gets the same models", async () => {
    const second = await freshDatabase();
    await seedDemoData(second.db, { hashPassword: fakeHash, mediaDir });
    const names = (h: DatabaseHandle) =>
      h.db.select({ name: models.name, slug: models.slug }).from(models).orderBy(asc(models.id));
    const nicks = (h: DatabaseHandle) =>
      h.db.select({ n: nicknames.nickname }).from(nicknames).orderBy(asc(nicknames.id));
    expect(await names(second)).toEqual(await names(first));
    expect(await nicks(second)).toEqual(await nicks(first));
  });

  it("does nothing on a database that already has users", async () => {
    const before = await first.db.select({ n: count() }).from(models);
    const result = await seedDemoData(first.db, { hashPassword: fakeHash, mediaDir });
    expect(result).toEqual({ accounts: DEMO_ACCOUNTS, created: false });
    const after = await first.db.select({ n: count() }).from(models);
    expect(after).toEqual(before);
  });
});
