import { describe, expect, it } from "vitest";
import { absolutizeInternalLinks, internalPath } from "./absolute-links.ts";

describe("absolutizeInternalLinks", () => {
  it("rewrites links that start with a path on the site's host", () => {
    const html = '<p><a href="/terms">Terms</a> and <a class="x" href=\'/models?query=a#top\'>models</a></p>';
    expect(absolutizeInternalLinks(html, "https://camatlas.example/")).toBe(
      '<p><a href="https://camatlas.example/terms">Terms</a> and <a class="x" href=\'https://camatlas.example/models?query=a#top\'>models</a></p>',
    );
  });

  it("leaves other hosts, protocol-relative links, anchors and images alone", () => {
    const html =
      '<a href="https://other.example/x">o</a><a href="//cdn.example/y">c</a><a href="#faq">f</a><img src="/media/a.webp">';
    expect(absolutizeInternalLinks(html, "https://camatlas.example")).toBe(html);
  });
});

describe("internalPath", () => {
  it("gives the path of same-host addresses only", () => {
    expect(internalPath("https://camatlas.example/about#team", "https://camatlas.example")).toBe(
      "/about#team",
    );
    expect(internalPath("https://other.example/about", "https://camatlas.example")).toBeNull();
    expect(internalPath("mailto:a@b.c", "https://camatlas.example")).toBeNull();
  });
});
