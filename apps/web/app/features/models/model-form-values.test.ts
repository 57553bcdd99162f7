import { describe, expect, it } from "vitest";
import {
  changedModelFields,
  modelCreateBody,
  modelFieldsFromForm,
  nicknameRowsFromForm,
} from "./model-form-values.ts";

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("model form values", () => {
  it("clears emptied fields and normalises codes", () => {
    const values = modelFieldsFromForm(
      form([
        ["name", "  Mia Rose "],
        ["birthday", ""],
        ["country", "de"],
        ["region", ""],
        ["gender", "female"],
        ["tags_id_list", "3"],
        ["tags_id_list", "3"],
        ["tags_id_list", "5"],
      ]),
    );
    expect(values).toMatchObject({
      name: "Mia Rose",
      birthday: null,
      country: "DE",
      region: null,
      gender: "female",
      tags_id_list: [3, 5],
    });
  });

  it("falls back to an unknown gender", () => {
    expect(modelFieldsFromForm(form([["gender", "robot"]])).gender).toBe("unknown");
  });

  it("keeps only the nickname rows that were filled in", () => {
    const rows = nicknameRowsFromForm(
      form([
        ["cam_site_id_0", "33"],
        ["nickname_0", "mia_rose"],
        ["type_0", "couple"],
        ["cam_site_id_1", "36"],
        ["nickname_1", " "],
      ]),
      3,
    );
    expect(rows).toEqual([{ cam_site_id: 33, nickname: "mia_rose", type: "couple" }]);
  });

  it("sends only filled fields when creating", () => {
    const body = modelCreateBody(
      form([
        ["name", "Mia"],
        ["city", "Berlin"],
        ["gender", "female"],
      ]),
      2,
    );
    expect(body).toEqual({ name: "Mia", gender: "female", city: "Berlin" });
  });
});

describe("changedModelFields", () => {
  it("keeps only what differs from the values the form was shown with", () => {
    const data = form([
      ["name", "Mia"],
      ["original_name", "Mia"],
      ["birthday", ""],
      ["original_birthday", ""],
      ["city", "Berlin"],
      ["original_city", "Hamburg"],
      ["gender", "female"],
      ["original_gender", "female"],
      ["tags_id_list", "5"],
      ["tags_id_list", "2"],
      ["original_tags_id_list", "2,5"],
      ["original_country", ""],
      ["original_region", ""],
      ["original_started_at", ""],
      ["original_finished_at", ""],
    ]);
    expect(changedModelFields(data)).toEqual({ city: "Berlin" });
  });

  it("sends a field whose original is unknown", () => {
    expect(changedModelFields(form([["name", "Mia"]]))).toMatchObject({ name: "Mia" });
  });
});
