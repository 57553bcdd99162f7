import { describe, expect, it } from "vitest";
import { formValues, textField } from "./form-fields.ts";

describe("form fields", () => {
  const form = new FormData();
  form.set("nick_name", "  luna ");
  form.set("city", "   ");
  form.set("password", "secret");
  form.set("file", new File(["x"], "a.png"));

  it("read a trimmed text field, undefined when empty or not text", () => {
    expect(textField(form, "nick_name")).toBe("luna");
    expect(textField(form, "city")).toBeUndefined();
    expect(textField(form, "file")).toBeUndefined();
    expect(textField(form, "missing")).toBeUndefined();
  });

  it("keep what was typed to refill the form, never the secret fields nor files", () => {
    expect(formValues(form, ["password"])).toEqual({ nick_name: "  luna ", city: "   " });
  });
});
