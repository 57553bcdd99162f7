import { describe, expect, it } from "vitest";
import { postHtmlText, sanitizePostHtml } from "./sanitize-post-html.ts";

describe("sanitizePostHtml", () => {
  it("keeps what the editor makes", () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong> <em>word</em>, <a href="/models/anna">her page</a>.</p><ul><li>one</li></ul><blockquote><p>q</p></blockquote><img src="/media/a.webp" alt="cover" />';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("drops scripts, handlers, styles and frames, keeping text as text", () => {
    const out = sanitizePostHtml(
      '<p onclick="alert(1)" style="color:red">hi<script>alert(1)</script></p><iframe src="https://x"></iframe><img src=x onerror="alert(1)">&lt;b&gt;',
    );
    expect(out).toBe('<p>hi</p><img src="x" />&lt;b&gt;');
    expect(out).not.toMatch(/script|onclick|onerror|style|iframe/);
  });

  it("refuses javascript: and data: addresses", () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizePostHtml('<img src="data:image/png;base64,AAA">')).toBe("");
  });

  it("marks links to other sites nofollow and opens them apart", () => {
    expect(sanitizePostHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow noopener noreferrer ugc" target="_blank">x</a>',
    );
  });

  it("makes a heading 1 a heading 2 (the page's title is the only h1)", () => {
    expect(sanitizePostHtml("<h1>Big</h1>")).toBe("<h2>Big</h2>");
  });
});

describe("postHtmlText", () => {
  it("is the words of the body", () => {
    expect(postHtmlText("<h2>A</h2><p>b  <em>c</em></p>")).toBe("A b c");
  });
});
