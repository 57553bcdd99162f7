import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MarkdownLiteView } from "./markdown-lite-view.tsx";

const render = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MarkdownLiteView text={text} />
    </MemoryRouter>,
  );

describe("MarkdownLiteView", () => {
  it("shows HTML a member typed as text", () => {
    const html = render('<script>alert("x")</script><img src=x onerror=alert(1)>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("renders quotes with their author, mentions as profile links and links as user-generated", () => {
    const html = render('[quote="ann" post=3]\nHello\n[/quote]\n\nHi @bob, see https://example.com');
    expect(html).toContain("<blockquote");
    expect(html).toContain("ann wrote");
    expect(html).toContain('href="/users/bob"');
    expect(html).toMatch(/<a href="https:\/\/example.com\/" rel="nofollow ugc noopener"/);
  });
});
