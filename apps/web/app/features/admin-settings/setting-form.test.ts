import { describe, expect, it } from "vitest";
import { settingValueFromForm } from "./setting-form.ts";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("settingValueFromForm", () => {
  it("builds the home value, empty images as null", () => {
    expect(
      settingValueFromForm(
        "home",
        form({ title: " Find her ", subheading: "Sub", header_image: "/media/h.webp", footer_image: "" }),
      ),
    ).toEqual({
      title: "Find her",
      subheading: "Sub",
      header_image: "/media/h.webp",
      mobile_header_image: null,
      footer_image: null,
    });
  });

  it("builds the contact addresses, empty ones as null", () => {
    expect(
      settingValueFromForm(
        "contact",
        form({ support_email: " help@example.org ", dmca_email: "", press_email: "p@x.io" }),
      ),
    ).toEqual({
      support_email: "help@example.org",
      dmca_email: null,
      privacy_email: null,
      press_email: "p@x.io",
    });
  });

  it("reads the featured-models checkbox", () => {
    expect(settingValueFromForm("featured_models", form({ show_default_image: "on" }))).toEqual({
      show_default_image: true,
    });
    expect(settingValueFromForm("featured_models", form({}))).toEqual({ show_default_image: false });
  });

  it("builds page texts and banner rows, dropping empty rows", () => {
    expect(settingValueFromForm("not_found", form({ title: "Lost", text: "Try again" }))).toEqual({
      title: "Lost",
      text: "Try again",
    });
    const value = settingValueFromForm(
      "banners",
      form({
        "banners.1.id": "",
        "banners.1.image": "",
        "banners.0.id": "top",
        "banners.0.image": "/media/b.webp",
        "banners.0.url": "https://example.com",
        "banners.0.alt": "Ad",
        "banners.0.placement": "footer",
      }),
    );
    expect(value).toEqual([
      { id: "top", image: "/media/b.webp", url: "https://example.com", alt: "Ad", placement: "footer" },
    ]);
  });
});
