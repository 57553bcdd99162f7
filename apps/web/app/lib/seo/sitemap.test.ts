import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

describe("sitemap.xml", () => {
  it("lists the fixed pages and the API's entries once, absolute, with lastmod", () => {
    const xml = sitemapXml("https://camatlas.example", [
      { path: "/models/anna", updated_at: "2026-11-01T10:00:00Z" },
      { path: "/about", updated_at: null },
      { path: "/models", updated_at: null },
    ]);
    expect(xml).toContain("<loc>https://camatlas.example/</loc>");
    expect(xml).toContain(
      "<url><loc>https://camatlas.example/models/anna</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://camatlas.example/about</loc></url>");
    expect(xml.match(/camatlas\.example\/models<\/loc>/g)).toHaveLength(1);
  });

  it("escapes XML characters", () => {
    expect(sitemapXml("https://x.example", [{ path: "/a?b=1&c=2" }])).toContain("/a?b=1&amp;c=2");
  });
});

describe("robots.txt", () => {
  it("points at the sitemap and keeps private areas out in production", () => {
    const text = robotsTxt("https://camatlas.example", true);
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Sitemap: https://camatlas.example/sitemap.xml");
  });

  it("keeps every crawler out outside production", () => {
    expect(robotsTxt("http://localhost:3000", false)).toContain("Disallow: /\n");
  });
});
