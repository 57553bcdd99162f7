import { describe, expect, it } from "vitest";
import {
  mentionedNicks,
  parseMarkdownLite,
  plainTextOf,
  quotedPostIds,
  quoteMarkup,
} from "./markdown-lite.ts";

describe("forum markdown-lite", () => {
  it("keeps HTML as text and knows bold, italic, code, links and lists", () => {
    expect(parseMarkdownLite("<script>alert(1)</script> **bold** *it* `x<y`")).toEqual([
      {
        t: "p",
        c: [
          { t: "text", v: "<script>alert(1)</script> " },
          { t: "strong", c: [{ t: "text", v: "bold" }] },
          { t: "text", v: " " },
          { t: "em", c: [{ t: "text", v: "it" }] },
          { t: "text", v: " " },
          { t: "code", v: "x<y" },
        ],
      },
    ]);
    expect(parseMarkdownLite("- one\n- two")).toEqual([
      { t: "ul", items: [[{ t: "text", v: "one" }], [{ t: "text", v: "two" }]] },
    ]);
  });

  it("links only http(s) addresses", () => {
    const [block] = parseMarkdownLite("[x](javascript:alert(1)) see https://example.com/a.");
    expect(block).toEqual({
      t: "p",
      c: [
        { t: "text", v: "[x](javascript:alert(1)) see " },
        { t: "link", href: "https://example.com/a", c: [{ t: "text", v: "https://example.com/a" }] },
        { t: "text", v: "." },
      ],
    });
  });

  it("finds quotes of posts and mentions outside quotes, not in email addresses", () => {
    const body = '[quote="ann" post=12]\nhi @bob\n[/quote]\n\nThanks @Carol_1, mail me at x@example.com';
    expect(quotedPostIds(body)).toEqual([12]);
    expect(mentionedNicks(body)).toEqual(["carol_1"]);
    expect(parseMarkdownLite(body)[0]).toMatchObject({ t: "quote", author: "ann", postId: 12 });
  });

  it("quotes a post without its own quotes, and gives plain text for excerpts", () => {
    const quoted = quoteMarkup("ann", 7, "> older\n\nMy **point**");
    expect(quoted).toBe('[quote="ann" post=7]\nMy **point**\n[/quote]\n\n');
    expect(plainTextOf(`${quoted}Agreed, *really*.`)).toBe("Agreed, really.");
    expect(plainTextOf("a".repeat(400), 10)).toHaveLength(10);
  });
});
