import { describe, expect, it } from "vitest";
import { localInputFromUtc, postCreateFromForm, splitList, utcFromLocalInput } from "./post-form.ts";

describe("the desk's form", () => {
  it("becomes the API's request", () => {
    const form = new FormData();
    form.set("type", "review");
    form.set("post_title", "A title");
    form.set("post_name", "");
    form.set("excerpt", "");
    form.set("body", "<p>x</p>");
    form.set("image_media_id", "12");
    form.set("tags", " Tips, live shows ,, ");
    form.append("cam_site_ids", "33");
    form.append("cam_site_ids", "36");
    form.set("models_ids", "4, 7, x");
    expect(postCreateFromForm(form)).toEqual({
      type: "review",
      post_title: "A title",
      post_name: undefined,
      excerpt: null,
      body: "<p>x</p>",
      image_media_id: 12,
      tags: ["Tips", "live shows"],
      models_ids: [4, 7],
      cam_site_ids: [33, 36],
      meta_title: null,
      meta_description: null,
    });
  });

  it("reads the schedule's time as UTC", () => {
    expect(utcFromLocalInput("2026-05-01T09:30")).toBe("2026-05-01T09:30:00.000Z");
    expect(utcFromLocalInput("")).toBeNull();
    expect(localInputFromUtc("2026-05-01T09:30:00.000Z")).toBe("2026-05-01T09:30");
    expect(splitList("a,,b")).toEqual(["a", "b"]);
  });
});
