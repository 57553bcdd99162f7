import { describe, expect, it } from "vitest";
import { reviewFields, reviewValues } from "./review-form-values.ts";

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("reviewFields", () => {
  it("sends the fields as the API takes them", () => {
    const form = formOf([
      ["title", "Great"],
      ["body", "text"],
      ["rating", "4"],
      ["nickname_ids", "3"],
      ["nickname_ids", "5"],
      ["image_media_ids", "8"],
      ["video_media_id", "9"],
    ]);
    expect(reviewFields(form)).toEqual({
      title: "Great",
      body: "text",
      rating: 4,
      nickname_ids: [3, 5],
      image_media_ids: [8],
      video_media_id: 9,
    });
    expect(reviewValues(form)).toEqual({ title: "Great", body: "text", rating: "4", nickname_ids: "3,5" });
  });

  it("leaves out what was not chosen", () => {
    expect(reviewFields(formOf([["nickname_ids", "x"]]))).toMatchObject({
      rating: 0,
      nickname_ids: [],
      image_media_ids: [],
      video_media_id: null,
    });
  });
});
