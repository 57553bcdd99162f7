import { describe, expect, it } from "vitest";
import { homeNumbers, homeSettings, notFoundTexts, showDefaultFeaturedImage } from "./site-settings.ts";

describe("site settings readers", () => {
  it("fall back to the spec's home defaults", () => {
    expect(homeSettings({})).toEqual({
      title: "Find your girl",
      subheading: "Like a certain webcam model? Find her profiles on all sites!",
      header_image: null,
      mobile_header_image: null,
      footer_image: null,
      header_placeholder: null,
      mobile_header_placeholder: null,
      footer_placeholder: null,
    });
  });

  it("give each home picture the placeholder the API computed for it", () => {
    const home = homeSettings(
      {
        home: {
          header_image: "/media/h.webp",
          mobile_header_image: "/media/m.webp",
          footer_image: "/media/f.webp",
        },
      },
      { "/media/h.webp": "data:image/bmp;base64,AA==", "/media/f.webp": "data:image/bmp;base64,BB==" },
    );
    expect(home).toMatchObject({
      header_placeholder: "data:image/bmp;base64,AA==",
      mobile_header_placeholder: null,
      footer_placeholder: "data:image/bmp;base64,BB==",
    });
  });

  it("use the configured values", () => {
    const home = homeSettings({
      home: { title: "Hello", subheading: "", header_image: "/media/h.webp", footer_image: 3 },
    });
    expect(home).toMatchObject({ title: "Hello", header_image: "/media/h.webp", footer_image: null });
    expect(home.subheading).toBe("Like a certain webcam model? Find her profiles on all sites!");
  });

  it("keep well-formed number rows only", () => {
    expect(homeNumbers({ home_numbers: [{ label: "Models", value: 520 }, { label: 3 }, "x"] })).toEqual([
      { label: "Models", value: 520 },
    ]);
    expect(homeNumbers({})).toEqual([]);
  });

  it("read the featured-models flag and the not-found texts", () => {
    expect(showDefaultFeaturedImage({ featured_models: { show_default_image: false } })).toBe(false);
    expect(showDefaultFeaturedImage({})).toBe(true);
    expect(notFoundTexts({ not_found: { title: "Lost?", text: "" } })).toEqual({ title: "Lost?", text: "" });
    expect(notFoundTexts({})).toBeUndefined();
  });
});
