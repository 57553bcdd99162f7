import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis and links", () => {
    const html = renderMarkdown("## Rules\n\n- **one**\n- [two](/terms)\n");
    expect(html).toContain("<h2>Rules</h2>");
    expect(html).toContain("<li><strong>one</strong></li>");
    expect(html).toContain('<a href="/terms">two</a>');
  });

  it("shows raw HTML as text instead of running it", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops dangerous link targets", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)");
    expect(html).not.toMatch(/href="(javascript|data):/);
  });

  it("marks links to other sites nofollow and opens them in a new tab", () => {
    expect(renderMarkdown("[cams](https://camsite.example/)")).toContain(
      '<a href="https://camsite.example/" rel="nofollow noopener" target="_blank">cams</a>',
    );
  });
});
