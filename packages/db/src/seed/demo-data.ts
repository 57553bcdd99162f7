import { randomBytes } from "node:crypto";
import { CAMSITES, type RoleKey } from "@camatlas/shared";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { writeBannerImages } from "../factories/banner-images.ts";
import { writeCamsiteLogoImages } from "../factories/camsite-logo-images.ts";
import { createRandom } from "../factories/create-random.ts";
import { buildMedia, type NewMedia } from "../factories/media-factory.ts";
import {
  avatarPortraitPath,
  PORTRAIT_AVATAR_HEIGHT,
  PORTRAIT_AVATAR_WIDTH,
} from "../factories/portrait-images.ts";
import { buildTag, DEMO_TAG_NAMES } from "../factories/tag-factory.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import {
  modelContent,
  modelLinks,
  modelRatings,
  modelReports,
  modelRevisions,
  models,
  modelTags,
  modelVerificationRequests,
  nicknameRemovalRequests,
  nicknames,
  tags,
} from "../schema/models.ts";
import { auditLog, settings } from "../schema/settings.ts";
import { users } from "../schema/users.ts";
import { camsiteDetails } from "./demo-camsite-details.ts";
import { seedDemoFeaturedModels } from "./demo-featured-models.ts";
import { seedDemoForum } from "./demo-forum.ts";
import { planDemoModels } from "./demo-models.ts";
import { seedDemoPosts } from "./demo-posts.ts";
import { buildDefaultSettings, SETTING_IMAGES } from "./demo-settings.ts";
import { seedDemoUserReviews } from "./demo-user-reviews.ts";
import { planDemoUsers } from "./demo-users.ts";
import { insertInBatches, insertReturningIds } from "./insert-batches.ts";

export interface DemoAccount {
  role: RoleKey;
  email: string;
  nickName: string;
  password: string;
}

export interface DemoSeedOptions {
  hashPassword: (password: string) => Promise<string>;
  /** Where generated images are written (DATA_DIR/media); the models' portraits are drawn there later. */
  mediaDir: string;
}

export interface DemoSeedResult {
  /** Printed at start so a newcomer can sign in at once. */
  accounts: DemoAccount[];
  created: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "admin", email: "admin@camatlas.test", nickName: "admin", password: "admin-demo-pass" },
  { role: "camfan", email: "fan@camatlas.test", nickName: "camfan", password: "camfan-demo-pass" },
  { role: "camgirl", email: "camgirl@camatlas.test", nickName: "camgirl", password: "camgirl-demo-pass" },
];

/** Size of the demo set; the seed is deterministic for a given size. */
export const DEMO_MODEL_COUNT = 520;
// The plan's avatar draw (which models have one) keeps the numbers it always had, so the data set is unchanged.
const AVATAR_DRAW_RANGE = 64;

// Two instances starting on one empty PostgreSQL take turns; the second then finds users and stops.
const DEMO_SEED_LOCK_ID = 727_272;

/** Fills an empty database with demo content; a database that already has users is left alone. */
export async function seedDemoData(db: Database, options: DemoSeedOptions): Promise<DemoSeedResult> {
  if (await hasUsers(db)) return { accounts: DEMO_ACCOUNTS, created: false };

  // Slow work first and outside the transaction: argon2 once per distinct password, images once per file. The
  // models' portraits are not drawn here: their files come on first request or from completeDemoPortraits.
  const distinctPasswords = [...new Set(DEMO_ACCOUNTS.map((a) => a.password))];
  const [hashes, bulkHash, bannerImages, logoImages] = await Promise.all([
    Promise.all(distinctPasswords.map(async (p) => [p, await options.hashPassword(p)] as const)),
    // Bulk users share a hash of a secret nobody knows, so they exist but cannot sign in.
    options.hashPassword(randomBytes(24).toString("base64url")),
    writeBannerImages(options.mediaDir, Object.values(SETTING_IMAGES)),
    writeCamsiteLogoImages(options.mediaDir, CAMSITES),
  ]);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return false;
    const random = createRandom("camatlas-demo");

    // Users: the demo accounts first, then bulk users of every role.
    const userRows = planDemoUsers(random.fork("users"), DEMO_ACCOUNTS, {
      byPassword: new Map(hashes),
      bulk: bulkHash,
    });
    const userIds = await insertReturningIds(tx, users, users.id, userRows);
    const idsWithRole = (roleId: number) => userIds.filter((_, i) => userRows[i]!.roleId === roleId);
    const adminId = userIds[0]!;
    const demoCamgirlId = userIds[DEMO_ACCOUNTS.findIndex((a) => a.role === "camgirl")]!;
    const bulkCamgirlIds = idsWithRole(3).filter((id) => id !== demoCamgirlId);
    // Half of the bulk camgirls are verified and bound to a model; the others have a claim pending.
    const verifiedCamgirlIds = bulkCamgirlIds.slice(0, Math.ceil(bulkCamgirlIds.length / 2));
    const pendingCamgirlIds = bulkCamgirlIds.slice(verifiedCamgirlIds.length);
    if (verifiedCamgirlIds.length) {
      await tx.update(users).set({ verifiedCamgirl: true }).where(sql`${users.id} in ${verifiedCamgirlIds}`);
    }
    const raterIds = [...idsWithRole(2), ...idsWithRole(1)];

    const tagIds = await insertReturningIds(
      tx,
      tags,
      tags.id,
      DEMO_TAG_NAMES.map((name) => buildTag(name)),
    );
    const tagIdsByName = new Map(DEMO_TAG_NAMES.map((name, i) => [name as string, tagIds[i]!]));

    const plans = planDemoModels(random.fork("models"), {
      count: DEMO_MODEL_COUNT,
      raterIds,
      boundCamgirlIds: [demoCamgirlId, ...verifiedCamgirlIds],
      tagIdsByName,
      avatarImageCount: AVATAR_DRAW_RANGE,
    });

    // One media row per model avatar: her own portrait, drawn from her slug (size and BlurHash once it is drawn),
    // plus the settings images.
    const withAvatar = plans.filter((p) => p.avatarImageIndex !== null);
    const mediaRows: NewMedia[] = withAvatar.map((p) =>
      buildMedia({
        path: avatarPortraitPath(p.model.slug),
        width: PORTRAIT_AVATAR_WIDTH,
        height: PORTRAIT_AVATAR_HEIGHT,
        kind: "avatar",
        name: `${p.model.slug}.webp`,
      }),
    );
    mediaRows.push(...bannerImages.map((image) => buildMedia({ ...image, kind: "setting_image" })));
    const mediaIds = await insertReturningIds(tx, media, media.id, mediaRows);
    withAvatar.forEach((plan, i) => {
      plan.model.avatarMediaId = mediaIds[i]!;
    });
    // Each demo camsite's logo: a mark drawn for the site, stored like an uploaded one.
    const logoIds = await insertReturningIds(
      tx,
      media,
      media.id,
      logoImages.map((image) =>
        buildMedia({
          path: image.path,
          size: image.size,
          width: image.width,
          height: image.height,
          kind: "camsite_logo",
          mimeType: "image/svg+xml",
        }),
      ),
    );
    for (const [i, image] of logoImages.entries())
      await tx.update(camSites).set({ camSiteLogoId: logoIds[i]! }).where(eq(camSites.id, image.camsiteId));

    const modelIds = await insertReturningIds(
      tx,
      models,
      models.id,
      plans.map((p) => p.model),
    );
    // The bound camgirls own their nicknames.
    const nicknameRows = plans.flatMap((p, i) =>
      p.nicknames.map((n) => ({ ...n, modelId: modelIds[i]!, userId: p.model.userId ?? null })),
    );
    const nicknameIds = await insertReturningIds(tx, nicknames, nicknames.id, nicknameRows);
    await insertInBatches(
      tx,
      modelTags,
      plans.flatMap((p, i) => p.tagIds.map((tagId) => ({ modelId: modelIds[i]!, tagId }))),
    );
    await insertInBatches(
      tx,
      modelRatings,
      plans.flatMap((p, i) => p.ratings.map((r) => ({ ...r, modelId: modelIds[i]! }))),
    );
    await insertInBatches(
      tx,
      modelLinks,
      plans.flatMap((p, i) => p.links.map((l) => ({ ...l, modelId: modelIds[i]! }))),
    );
    await insertInBatches(
      tx,
      modelContent,
      plans.flatMap((p, i) => (p.content ? [{ ...p.content, modelId: modelIds[i]! }] : [])),
    );
    await insertInBatches(
      tx,
      modelRevisions,
      plans.flatMap((p, i) => (p.revision ? [{ ...p.revision, modelId: modelIds[i]! }] : [])),
    );

    // A little moderation work waiting for the admin.
    const queueRandom = random.fork("moderation");
    await insertInBatches(
      tx,
      modelVerificationRequests,
      pendingCamgirlIds.map((userId, i) => ({
        userId,
        modelId: modelIds[verifiedCamgirlIds.length + 1 + i]!,
        message: "This is me, I stream under these nicknames. Verification photo to follow.",
      })),
    );
    await insertInBatches(
      tx,
      nicknameRemovalRequests,
      queueRandom.sample(nicknameIds.slice(10), 4).map((nicknameId) => ({
        nicknameId,
        userId: queueRandom.pick(raterIds),
        reason: "This account belongs to a different performer.",
      })),
    );
    await insertInBatches(
      tx,
      modelReports,
      queueRandom.sample(modelIds.slice(10), 5).map((modelId) => ({
        modelId,
        userId: queueRandom.pick(raterIds),
        reason: queueRandom.pick(["wrong_data", "fake", "account_closed"] as const),
        text: "Her profile looks outdated.",
      })),
    );
    await insertInBatches(
      tx,
      auditLog,
      plans.flatMap((p, i) =>
        p.model.userId
          ? [
              {
                actorUserId: adminId,
                action: "model.bind",
                subjectType: "model",
                subjectId: String(modelIds[i]),
                changes: { userId: p.model.userId },
                note: "demo data",
              },
            ]
          : [],
      ),
    );

    await updateCamsites(tx, random.fork("camsites"));
    await tx.insert(settings).values(buildDefaultSettings()).onConflictDoNothing();
    await seedDemoFeaturedModels(tx);
    await seedDemoPosts(tx, adminId);
    await seedDemoForum(tx, { adminId, memberIds: raterIds });
    await seedDemoUserReviews(tx, { adminId, authorIds: idsWithRole(2).slice(1) });
    return true;
  });
  return { accounts: DEMO_ACCOUNTS, created };
}

async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) > 0;
}

/** Editorial copy from a VALUES list and counters computed from the seeded nicknames, in two statements. */
export async function updateCamsites(
  db: Database,
  random = createRandom("camatlas-camsites"),
): Promise<void> {
  const details = CAMSITES.map((c) => ({ id: c.id, ...camsiteDetails(random, c.id) }));
  const values = sql.join(
    details.map(
      (d) => sql`(${d.id}::int, ${d.headline}, ${d.priceRange}, ${d.advantages}, ${d.disadvantages})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${camSites} c set headline = v.headline, price_range = v.price_range,
      advantages = v.advantages, disadvantages = v.disadvantages
    from (values ${values}) as v(id, headline, price_range, advantages, disadvantages)
    where c.id = v.id`);
  await refreshCamsiteCounters(db);
}

/** known/active accounts and registered/active models per camsite; "active" means seen in the last 30 days. */
export async function refreshCamsiteCounters(db: Database): Promise<void> {
  await db.execute(sql`
    update ${camSites} c set
      known_accounts_count = coalesce(s.known, 0),
      active_accounts_count = coalesce(s.active, 0),
      models_registered_count = coalesce(s.models, 0),
      models_active_count = coalesce(s.active_models, 0)
    from ${camSites} c2
    left join (
      select cam_site_id,
        count(*) as known,
        count(*) filter (where is_active and last_activity_at > now() - interval '30 days') as active,
        count(distinct model_id) as models,
        count(distinct model_id) filter (where is_active and last_activity_at > now() - interval '30 days') as active_models
      from ${nicknames} where deleted_at is null group by cam_site_id
    ) s on s.cam_site_id = c2.id
    where c.id = c2.id`);
}
