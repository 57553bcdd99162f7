import { createUser } from "@camatlas/db/factories";
import {
  API_MESSAGES,
  CONTACT_ADDRESS_LABELS,
  ROLE,
  SHELL_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
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

describe("pages in the header and the footer (GET /api/site-navigation)", () => {
  const navigation = async () => (await t.call("GET", "/api/site-navigation")).json();
  const slugs = (links: Array<{ slug: string }>) => links.map((link) => link.slug);

  it("links the standing pages from the footer, in their order, and nothing from the header", async () => {
    const res = await t.call("GET", "/api/site-navigation");
    expect(res.status).toBe(200);
    const links = await res.json();
    expect(links.header).toEqual([]);
    expect(links.footer.slice(0, 2)).toEqual([
      { slug: "about", title: "About CamAtlas" },
      { slug: "terms", title: "Terms of Service" },
    ]);
    expect(slugs(links.footer)).toEqual(["about", "terms", "privacy", "dmca", "contact"]);
  });

  it("saves a page's placement and order, and lists it in that place", async () => {
    const res = await asAdmin("POST", "/admin/pages", {
      slug: "rules",
      title: "House rules",
      nav_placement: "header",
      nav_position: 5,
    });
    expect(res.status).toBe(201);
    const { id, ...created } = await res.json();
    expect(created).toMatchObject({ nav_placement: "header", nav_position: 5 });
    expect((await navigation()).header).toEqual([{ slug: "rules", title: "House rules" }]);

    const moved = await asAdmin("PUT", `/admin/pages/${id}`, { nav_placement: "footer", nav_position: 15 });
    expect(await moved.json()).toMatchObject({
      nav_placement: "footer",
      nav_position: 15,
      title: "House rules",
    });
    const links = await navigation();
    expect(links.header).toEqual([]);
    expect(slugs(links.footer)).toEqual(["about", "rules", "terms", "privacy", "dmca", "contact"]);
    const list = await (await asAdmin("GET", "/admin/pages?per_page=50")).json();
    expect(list.data.find((p: { slug: string }) => p.slug === "rules")).toMatchObject({
      nav_placement: "footer",
      nav_position: 15,
    });

    await asAdmin("PUT", `/admin/pages/${id}`, { nav_placement: "none" });
    expect(slugs((await navigation()).footer)).not.toContain("rules");
  });

  it("lists published pages only", async () => {
    const { id } = await (
      await asAdmin("POST", "/admin/pages", {
        slug: "draft-menu",
        title: "Draft",
        nav_placement: "header",
        is_published: false,
      })
    ).json();
    expect(slugs((await navigation()).header)).not.toContain("draft-menu");
    await asAdmin("PUT", `/admin/pages/${id}`, { is_published: true });
    expect(slugs((await navigation()).header)).toContain("draft-menu");
    await asAdmin("DELETE", `/admin/pages/${id}`);
    expect(slugs((await navigation()).header)).not.toContain("draft-menu");
  });

  it("answers 422 for a placement or an order out of range, on create and on update", async () => {
    for (const nav_placement of ["sidebar", "", 1, null]) {
      const res = await asAdmin("POST", "/admin/pages", { slug: "bad-place", title: "X", nav_placement });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ nav_placement: [SHELL_MESSAGES.navPlacement] });
    }
    for (const nav_position of [-1, 1000, 1.5, "3", null]) {
      const res = await asAdmin("POST", "/admin/pages", { slug: "bad-order", title: "X", nav_position });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ nav_position: [SHELL_MESSAGES.navPosition] });
    }
    const about = (await (await asAdmin("GET", "/admin/pages?per_page=50")).json()).data.find(
      (p: { slug: string }) => p.slug === "about",
    );
    const res = await asAdmin("PUT", `/admin/pages/${about.id}`, {
      nav_placement: "HEADER",
      nav_position: -5,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      nav_placement: [SHELL_MESSAGES.navPlacement],
      nav_position: [SHELL_MESSAGES.navPosition],
    });
    expect(slugs((await navigation()).footer)[0]).toBe("about");
  });

  it("refuses a placement change from a non-admin (403) or a guest (401)", async () => {
    const about = (await (await asAdmin("GET", "/admin/pages?per_page=50")).json()).data.find(
      (p: { slug: string }) => p.slug === "about",
    );
    const body = { nav_placement: "header" };
    const asFan = await t.call("PUT", `/api/admin/pages/${about.id}`, {
      body,
      headers: { authorization: fan },
    });
    expect(asFan.status).toBe(403);
    expect((await t.call("PUT", `/api/admin/pages/${about.id}`, { body })).status).toBe(401);
    expect((await navigation()).header).toEqual([]);
  });
});

describe("the Contact page's addresses (the `contact` setting)", () => {
  const putContact = (value: unknown, is_public = true) =>
    asAdmin("PUT", "/settings/contact", { name: "contact", value, is_public });
  const contactPage = async () => (await t.call("GET", "/api/pages/contact")).json();

  it("has none while no address is set, and no fixed addresses in its text", async () => {
    const page = await contactPage();
    expect(page.contact_addresses).toEqual([]);
    expect(page.body_html).not.toContain("@");
    expect((await (await t.call("GET", "/api/pages/about")).json()).contact_addresses).toBeUndefined();
  });

  it("lists the addresses an admin set, in their order, leaving out the empty ones", async () => {
    const res = await putContact({ press_email: "press@example.org", support_email: " help@example.org " });
    expect(res.status).toBe(200);
    expect((await contactPage()).contact_addresses).toEqual([
      { key: "support_email", label: CONTACT_ADDRESS_LABELS.support_email, email: "help@example.org" },
      { key: "press_email", label: CONTACT_ADDRESS_LABELS.press_email, email: "press@example.org" },
    ]);
    await putContact({ press_email: "" });
    expect((await contactPage()).contact_addresses).toEqual([
      { key: "support_email", label: CONTACT_ADDRESS_LABELS.support_email, email: "help@example.org" },
    ]);
  });

  it("answers 422 for an address that is not an e-mail address", async () => {
    for (const email of ["not-an-address", "a@b", 'x@example.org"><script>', "mailto:x@example.org"]) {
      const res = await putContact({ dmca_email: email });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ "value.dmca_email": [VALIDATION_MESSAGES.invalidEmail] });
    }
    expect(slugsOf((await contactPage()).contact_addresses)).toEqual(["support_email"]);
  });

  it("shows no address while the setting is private", async () => {
    await putContact({ dmca_email: "dmca@example.org" }, false);
    expect((await contactPage()).contact_addresses).toEqual([]);
    await putContact({}, true);
    expect(slugsOf((await contactPage()).contact_addresses)).toEqual(["support_email", "dmca_email"]);
  });
});

const slugsOf = (lines: Array<{ key: string }>) => lines.map((line) => line.key);
