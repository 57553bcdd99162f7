import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seedDemoData } from "@camatlas/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// The demo database as `npm start` fills it: the home page has its featured models, images and pages.
let t: TestApi;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-demo-shell-"));
  t = await createTestApi({ DATA_DIR: dataDir });
  await seedDemoData(t.database.db, {
    hashPassword: async (p) => `fake$${p}`,
    mediaDir: path.join(dataDir, "media"),
  });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("demo data through the public shell API", () => {
  it("features ten models with avatars", async () => {
    const featured = await (await t.call("GET", "/api/featured-models")).json();
    expect(featured).toHaveLength(10);
    for (const entry of featured) expect(entry.model.avatar_path).toMatch(/^\/media\//);
  });

  it("stores page images that exist on disk, in the settings' shapes", async () => {
    const { settings } = await (await t.call("GET", "/api/settings-object")).json();
    expect(settings.home.title).toBe("Find your girl");
    expect(settings.home.header_image).toBe("/media/settings/home-header.webp");
    expect(settings.login.background).toBe("/media/settings/login-background.webp");
    const { existsSync } = await import("node:fs");
    for (const link of [
      settings.home.header_image,
      settings.home.mobile_header_image,
      settings.home.footer_image,
    ])
      expect(existsSync(path.join(dataDir, link))).toBe(true);
    const numbers = Object.fromEntries(
      settings.home_numbers.map((n: { label: string; value: number }) => [n.label, n.value]),
    );
    expect(numbers.Models).toBeGreaterThan(400);
    expect(numbers.Camsites).toBe(41);
  });
});
