import { describe, expect, it } from "vitest";
import { mailtoHref } from "./mailto.ts";

describe("mailtoHref", () => {
  it("links a plain address as it is", () => {
    expect(mailtoHref("support@camatlas.example")).toBe("mailto:support@camatlas.example");
  });

  it("encodes what could add headers or break out of the address", () => {
    expect(mailtoHref("a+b?cc=x@evil.example&body=hi@example.org")).toBe(
      "mailto:a%2Bb%3Fcc%3Dx%40evil.example%26body%3Dhi@example.org",
    );
    expect(mailtoHref('x"><script>@example.org')).toBe("mailto:x%22%3E%3Cscript%3E@example.org");
    expect(mailtoHref("no-at-sign#frag")).toBe("mailto:no-at-sign%23frag");
  });
});
