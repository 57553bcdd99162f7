import { schema } from "@camatlas/db";
import { createModel, createUser } from "@camatlas/db/factories";
import { PAGE_DEFAULTS, ROLE, SHELL_MESSAGES, SUCCESS_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let admin: string;
let fan: string;

beforeAll(async () => {
  t = await createTestApi({ PRODUCT_NAME: "CamFans" });
  const { db } = t.database;
  const adminUser = await createUser(db, { roleId: ROLE.admin });
  const fanUser = await createUser(db);
  admin = `Bearer ${await t.deps.tokens.issue({ id: adminUser.id, roleId: ROLE.admin })}`;
  fan = `Bearer ${await t.deps.tokens.issue({ id: fanUser.id, roleId: ROLE.camfan })}`;
  await createModel(db, {
    nicknames: [
      { camSiteId: 33, nickname: "one_a" },
      { camSiteId: 12, nickname: "one_b" },
    ],
  });
  await createModel(db, { nicknames: [{ camSiteId: 36, nickname: "two_a" }] });
  await createModel(db, { isVisible: false });
  // Members only: not in a visitor's /models, so not in the home page's count either.
  await createModel(db, { pageVisibleFor: "only_registered_users" });
});
afterAll(() => t.close());

const settingsAs = async (authorization?: string) =>
  (await t.call("GET", "/api/settings-object", { headers: authorization ? { authorization } : {} })).json();
const put = (name: string, body: unknown, authorization = admin) =>
  t.call("PUT", `/api/settings/${name}`, { body, headers: { authorization } });

describe("GET /api/settings-object", () => {
  it("gives every visitor the spec's defaults while nothing is saved", async () => {
    const { settings, is_public } = await settingsAs();
    expect(settings.home).toEqual({
      title: PAGE_DEFAULTS.homeTitle,
      subheading: PAGE_DEFAULTS.homeSubheading,
      header_image: null,
      mobile_header_image: null,
      footer_image: null,
    });
    expect(settings.home.title).toBe("Find your girl");
    expect(settings.home.subheading).toBe("Like a certain webcam model? Find her profiles on all sites!");
    expect(settings.register.title).toBe("Join CamFans");
    expect(settings.featured_models).toEqual({ show_default_image: true });
    expect(settings.login).toEqual({ background: null });
    expect(settings.banners).toEqual([]);
    expect(Object.keys(settings).sort()).toEqual(
      [
        "banners",
        "blocked",
        "contact",
        "featured_models",
        "forgot_password",
        "home",
        "home_numbers",
        "login",
        "not_found",
        "register",
      ].sort(),
    );
    expect(is_public.home).toBe(true);
  });

  it("computes '{product} in numbers' from live counts", async () => {
    const { settings } = await settingsAs();
    expect(settings.home_numbers).toEqual([
      { label: "Models", value: 2 },
      { label: "Nicknames", value: 3 },
      { label: "Camsites", value: 41 },
      { label: "Members", value: 2 },
    ]);
  });

  it("counts the models a visitor's /models lists, so the home page and the catalog agree", async () => {
    const { settings } = await settingsAs();
    const catalog = await (await t.call("GET", "/api/models")).json();
    expect(settings.home_numbers[0]).toEqual({ label: "Models", value: catalog.total });
  });
});

describe("PUT /api/settings/{name}", () => {
  it("refuses guests (401) and non-admins (403)", async () => {
    const body = { name: "home", value: { title: "Hacked" }, is_public: true };
    expect((await t.call("PUT", "/api/settings/home", { body })).status).toBe(401);
    expect((await put("home", body, fan)).status).toBe(403);
    expect((await settingsAs()).settings.home.title).toBe(PAGE_DEFAULTS.homeTitle);
  });

  it("saves an admin's change, keeps the other fields, and visitors see it", async () => {
    const res = await put("home", { name: "home", value: { title: "Find your muse" }, is_public: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.settingsSaved);
    expect(body.message).toBe("Settings successfully saved.");
    expect(body.setting).toMatchObject({ name: "home", is_public: true, value: { title: "Find your muse" } });
    const { settings } = await settingsAs();
    expect(settings.home.title).toBe("Find your muse");
    expect(settings.home.subheading).toBe(PAGE_DEFAULTS.homeSubheading);
  });

  it("stores image paths and banners", async () => {
    const home = await put("home", {
      name: "home",
      value: { header_image: "/media/settings/new-header.webp", footer_image: "https://cdn.example/f.webp" },
      is_public: true,
    });
    expect(home.status).toBe(200);
    const banners = [
      {
        id: "summer",
        image: "/media/uploads/b.webp",
        url: "https://camsite.example/",
        alt: "Summer",
        placement: "sidebar",
      },
    ];
    expect((await put("banners", { name: "banners", value: banners, is_public: true })).status).toBe(200);
    const { settings } = await settingsAs();
    expect(settings.home.header_image).toBe("/media/settings/new-header.webp");
    expect(settings.banners).toEqual(banners);
  });

  it("answers 422 with the field's error for malformed values", async () => {
    const empty = await put("home", { name: "home", value: { title: "" }, is_public: true });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors["value.title"]).toHaveLength(1);

    const badImage = await put("login", {
      name: "login",
      value: { background: "javascript:alert(1)" },
      is_public: true,
    });
    expect(Object.keys((await badImage.json()).errors)).toEqual(["value.background"]);

    const badBanner = await put("banners", {
      name: "banners",
      value: [{ id: "x", image: "/media/a.webp", url: "not a url", alt: "", placement: "sidebar" }],
      is_public: true,
    });
    expect(badBanner.status).toBe(422);
    expect(Object.keys((await badBanner.json()).errors)).toEqual(["value.0.url"]);

    const wrongType = await put("featured_models", {
      name: "featured_models",
      value: { show_default_image: "yes" },
      is_public: true,
    });
    expect(Object.keys((await wrongType.json()).errors)).toEqual(["value.show_default_image"]);
    expect((await settingsAs()).settings.home.title).toBe("Find your muse");
  });

  it("answers 422 for unknown, computed or mismatched names", async () => {
    const unknown = await put("colour_scheme", { name: "colour_scheme", value: "dark", is_public: true });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.name).toEqual([SHELL_MESSAGES.unknownSetting]);
    const computed = await put("home_numbers", { name: "home_numbers", value: [], is_public: true });
    expect((await computed.json()).errors.name).toEqual([SHELL_MESSAGES.readOnlySetting]);
    const mismatch = await put("login", { name: "home", value: { background: null }, is_public: true });
    expect((await mismatch.json()).errors.name).toEqual([SHELL_MESSAGES.settingNameMismatch]);
  });

  it("hides private settings from everyone but admins", async () => {
    const res = await put("blocked", {
      name: "blocked",
      value: { title: "Blocked", text: "Sorry." },
      is_public: false,
    });
    expect(res.status).toBe(200);
    expect((await settingsAs()).settings.blocked).toBeUndefined();
    expect((await settingsAs(fan)).settings.blocked).toBeUndefined();
    const forAdmin = await settingsAs(admin);
    expect(forAdmin.settings.blocked).toEqual({ title: "Blocked", text: "Sorry." });
    expect(forAdmin.is_public.blocked).toBe(false);
  });

  it("falls back to the default when a stored value no longer fits its schema", async () => {
    await t.database.db
      .insert(schema.settings)
      .values({ name: "not_found", value: { title: 42 }, isPublic: true })
      .onConflictDoNothing();
    expect((await settingsAs()).settings.not_found).toEqual({
      title: PAGE_DEFAULTS.notFoundTitle,
      text: PAGE_DEFAULTS.notFoundText,
    });
  });

  it("records the change in the audit log", async () => {
    const rows = await t.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.subjectType, "setting"),
    });
    expect(rows.map((r) => r.subjectId)).toContain("home");
  });
});
