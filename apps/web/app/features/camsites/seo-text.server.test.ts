import { describe, expect, it } from "vitest";
import { renderSeoText } from "./seo-text.server.ts";

describe("renderSeoText", () => {
  it("renders markdown", () => {
    expect(renderSeoText("## Tokens\n\n**Cheap** shows")).toContain("<h2>Tokens</h2>");
  });

  it("escapes raw HTML and script links", () => {
    const html =
      renderSeoText('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="y">') ?? "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
  });

  it("gives null for an empty text", () => {
    expect(renderSeoText("  ")).toBeNull();
  });
});
