import { createUser } from "@camatlas/db/factories";
import { API_MESSAGES, ROLE, SHELL_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let admin: string;
let fan: string;

beforeAll(async () => {
  t = await createTestApi();
  const adminUser = await createUser(t.database.db, { roleId: ROLE.admin });
  const fanUser = await createUser(t.database.db);
  admin = `Bearer ${await t.deps.tokens.issue({ id: adminUser.id, roleId: ROLE.admin })}`;
  fan = `Bearer ${await t.deps.tokens.issue({ id: fanUser.id, roleId: ROLE.camfan })}`;
});
afterAll(() => t.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api${path}`, { body, headers: { authorization: admin } });

describe("GET /api/pages/{slug}", () => {
  it("serves the seeded About, Terms, Privacy, DMCA and Contact pages", async () => {
    for (const slug of ["about", "terms", "privacy", "dmca", "contact"]) {
      const res = await t.call("GET", `/api/pages/${slug}`);
      expect(res.status).toBe(200);
      const page = await res.json();
      expect(page.slug).toBe(slug);
      expect(page.body_html).toContain("<h2>");
      expect(page.meta_description).toEqual(expect.any(String));
    }
  });

  it("fills in the product name and renders the markdown", async () => {
    const page = await (await t.call("GET", "/api/pages/about")).json();
    expect(page.title).toBe("About CamAtlas");
    expect(page.body_html).toContain("<strong>CamAtlas</strong>");
    expect(page.body_html).not.toContain("{product}");
  });

  it("answers 404 for an unknown slug", async () => {
    const res = await t.call("GET", "/api/pages/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: API_MESSAGES.notFound });
  });
});

describe("admin static pages", () => {
  it("refuses guests (401) and non-admins (403)", async () => {
    expect((await t.call("GET", "/api/admin/pages")).status).toBe(401);
    const body = { slug: "faq", title: "FAQ" };
    expect((await t.call("POST", "/api/admin/pages", { body, headers: { authorization: fan } })).status).toBe(
      403,
    );
  });

  it("creates a page whose raw HTML is shown as text, and lists it", async () => {
    const res = await asAdmin("POST", "/admin/pages", {
      slug: "faq",
      title: "Questions",
      body: "## Why?\n\n<script>alert('x')</script>",
      meta_title: "FAQ",
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      slug: "faq",
      title: "Questions",
      is_published: true,
      meta_description: null,
    });
    const page = await (await t.call("GET", "/api/pages/faq")).json();
    expect(page.body_html).toContain("<h2>Why?</h2>");
    expect(page.body_html).not.toContain("<script>");
    const list = await (await asAdmin("GET", "/admin/pages?per_page=50")).json();
    expect(list.total).toBe(6);
    expect(list.data.map((p: { slug: string }) => p.slug)).toContain("faq");
    expect(list.data.find((p: { slug: string }) => p.slug === "about").body).toContain("{product}");
  });

  it("refuses slugs the site uses itself, badly formed or taken ones (422 on slug)", async () => {
    for (const slug of ["models", "admin", "sitemap.xml", "not-found", "comment"]) {
      const res = await asAdmin("POST", "/admin/pages", { slug, title: "X" });
      expect(res.status).toBe(422);
      expect((await res.json()).errors.slug).toEqual(expect.any(Array));
    }
    const reserved = await (await asAdmin("POST", "/admin/pages", { slug: "stats", title: "X" })).json();
    expect(reserved.errors.slug).toContain(SHELL_MESSAGES.reservedSlug);
    const format = await (await asAdmin("POST", "/admin/pages", { slug: "About Us", title: "X" })).json();
    expect(format.errors.slug).toContain(SHELL_MESSAGES.slugFormat);
    const taken = await (await asAdmin("POST", "/admin/pages", { slug: "about", title: "X" })).json();
    expect(taken.errors.slug).toEqual([SHELL_MESSAGES.slugTaken]);
    const noTitle = await asAdmin("POST", "/admin/pages", { slug: "fine-slug", title: "" });
    expect(Object.keys((await noTitle.json()).errors)).toEqual(["title"]);
  });

  it("updates only the given fields; an unpublished page is a 404 for visitors", async () => {
    const { id } = await (
      await asAdmin("POST", "/admin/pages", { slug: "press", title: "Press", body: "Hi" })
    ).json();
    const res = await asAdmin("PUT", `/admin/pages/${id}`, { title: "Press kit", is_published: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      slug: "press",
      title: "Press kit",
      body: "Hi",
      is_published: false,
    });
    expect((await t.call("GET", "/api/pages/press")).status).toBe(404);
    const taken = await asAdmin("PUT", `/admin/pages/${id}`, { slug: "terms" });
    expect((await taken.json()).errors.slug).toEqual([SHELL_MESSAGES.slugTaken]);
    expect((await asAdmin("PUT", "/admin/pages/999999", { title: "x" })).status).toBe(404);
  });

  it("deletes a page, freeing its address", async () => {
    const { id } = await (await asAdmin("POST", "/admin/pages", { slug: "old-news", title: "Old" })).json();
    const res = await asAdmin("DELETE", `/admin/pages/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: API_MESSAGES.deleted });
    expect((await t.call("GET", "/api/pages/old-news")).status).toBe(404);
    expect((await asAdmin("DELETE", `/admin/pages/${id}`)).status).toBe(404);
    expect((await asAdmin("POST", "/admin/pages", { slug: "old-news", title: "Again" })).status).toBe(201);
  });

  it("writes an audit row per change", async () => {
    const rows = await t.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.subjectType, "static_page"),
    });
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(["page.created", "page.updated", "page.deleted"]),
    );
  });
});
