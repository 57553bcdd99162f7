import { describe, expect, it } from "vitest";
import { isModelIndexable, isNoindexPath, pageMeta, seo } from "./page-meta.ts";

const site = { productName: "CamAtlas", publicUrl: "https://camatlas.example" };

describe("pageMeta", () => {
  it("gives title, description, canonical and Open Graph tags", () => {
    expect(pageMeta(site, { title: "About", description: "Who we are", path: "/about" })).toEqual([
      { title: "About | CamAtlas" },
      { tagName: "link", rel: "canonical", href: "https://camatlas.example/about" },
      { property: "og:site_name", content: "CamAtlas" },
      { property: "og:type", content: "website" },
      { property: "og:title", content: "About | CamAtlas" },
      { property: "og:url", content: "https://camatlas.example/about" },
      { name: "twitter:card", content: "summary" },
      { name: "description", content: "Who we are" },
      { property: "og:description", content: "Who we are" },
    ]);
  });

  it("makes images absolute and marks noindex pages", () => {
    const tags = pageMeta(site, {
      title: "Anna",
      path: "/models/anna",
      image: "/media/a.webp",
      noindex: true,
    });
    expect(tags).toContainEqual({ property: "og:image", content: "https://camatlas.example/media/a.webp" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("knows the URLs containing /stats/, which the root marks noindex (once)", () => {
    expect(isNoindexPath("/stats/chaturbate/anna")).toBe(true);
    expect(isNoindexPath("/stats")).toBe(false);
    const tags = pageMeta(site, { title: "Stats", path: "/stats/x/y", noindex: true });
    expect(tags.filter((tag) => "name" in tag && tag.name === "robots")).toEqual([]);
  });

  it("keeps models out of search engines when is_indexed_search_robots is false", () => {
    expect(isModelIndexable({ is_indexed_search_robots: false })).toBe(false);
    expect(isModelIndexable({ is_indexed_search_robots: true })).toBe(true);
  });

  it("reads the site from the root loader in meta functions", () => {
    const tags = seo(
      { location: { pathname: "/models" }, matches: [{ id: "root", loaderData: site }] },
      { title: "Models" },
    );
    expect(tags[0]).toEqual({ title: "Models | CamAtlas" });
    expect(tags[1]).toMatchObject({ href: "https://camatlas.example/models" });
  });
});
