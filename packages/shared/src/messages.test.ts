import { describe, expect, it } from "vitest";
import { AGE_GATE_TEXT, DEFAULT_PRODUCT_NAME, PAGE_DEFAULTS, productText, TAB_LABELS } from "./messages.ts";

describe("productText", () => {
  it("fills in the product name", () => {
    expect(productText(PAGE_DEFAULTS.homeNumbersTitle)).toBe("CamAtlas in numbers");
    expect(productText(TAB_LABELS.productReviews, "CamFans")).toBe("CamFanss Reviews");
    expect(productText("{product} and {product}", "X")).toBe("X and X");
    expect(DEFAULT_PRODUCT_NAME).toBe("CamAtlas");
  });

  it("leaves texts without the placeholder alone", () => {
    expect(productText(AGE_GATE_TEXT.question)).toBe("Are you over 18 years of age?");
  });
});
