import { describe, expect, it } from "vitest";
import { commentParagraphs, mentionHandles, safeHref } from "./comment-text.ts";

describe("commentParagraphs", () => {
  it("keeps HTML and script as text", () => {
    expect(commentParagraphs("<script>alert(1)</script> <b>x</b>")).toEqual([
      [{ type: "text", text: "<script>alert(1)</script> <b>x</b>" }],
    ]);
  });

  it("splits paragraphs on blank lines and keeps single line breaks", () => {
    expect(commentParagraphs("one\ntwo\r\n\r\nthree")).toEqual([
      [{ type: "text", text: "one" }, { type: "break" }, { type: "text", text: "two" }],
      [{ type: "text", text: "three" }],
    ]);
  });

  it("links bare http(s) addresses without the sentence's closing punctuation, and [label](url)", () => {
    expect(commentParagraphs("see https://example.com/a. and [her site](https://x.example/p)")).toEqual([
      [
        { type: "text", text: "see " },
        { type: "link", href: "https://example.com/a", text: "https://example.com/a" },
        { type: "text", text: ". and " },
        { type: "link", href: "https://x.example/p", text: "her site" },
      ],
    ]);
  });

  it("never links other schemes", () => {
    const [paragraph] = commentParagraphs("[x](javascript:alert(1)) javascript:alert(1) data:text/html,hi");
    expect(paragraph?.some((t) => t.type === "link")).toBe(false);
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://ok.example")).toBe("https://ok.example/");
  });

  it("finds @mentions, not e-mail addresses", () => {
    expect(mentionHandles("Hi @Luna-Rivers, and @mia. Mail me: a@b.com @luna-rivers")).toEqual([
      "luna-rivers",
      "mia",
    ]);
  });
});
