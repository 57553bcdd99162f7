import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField } from "./checkbox-field.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { firstError } from "./field-frame.tsx";
import { FormAlert } from "./form-alert.tsx";
import { RadioGroup } from "./radio-group.tsx";
import { SelectField } from "./select-field.tsx";
import { EmailField, PasswordField, TextField } from "./text-field.tsx";

const attr = (html: string, tag: string, name: string) =>
  html.match(new RegExp(`<${tag}[^>]* ${name}="([^"]*)"`))?.[1];

describe("fields", () => {
  it("label their control", () => {
    const html = renderToStaticMarkup(<TextField label="Nickname" name="nick_name" />);
    const id = attr(html, "input", "id");
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toContain(">Nickname</label>");
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("show the first error under the control, invalid and described by it", () => {
    const html = renderToStaticMarkup(
      <TextField
        label="Email"
        name="email"
        error={["Please enter an email.", "Too long."]}
        hint="We never show it."
      />,
    );
    expect(attr(html, "input", "aria-invalid")).toBe("true");
    const [errorId, hintId] = (attr(html, "input", "aria-describedby") ?? "").split(" ");
    expect(html).toContain(`<p id="${errorId}" class="text-sm text-danger">Please enter an email.</p>`);
    expect(html).toContain(`<p id="${hintId}" class="text-xs text-ink-faint">We never show it.</p>`);
    expect(html).not.toContain("Too long.");
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf("Please enter an email."));
  });

  it("do the same for selects, multiline text fields (a textarea) and checkboxes", () => {
    const select = renderToStaticMarkup(
      <SelectField
        label="Country"
        name="country"
        options={[{ value: "nl", label: "Netherlands" }]}
        placeholder="Choose a country"
        error="Choose a country."
      />,
    );
    expect(select).toContain(
      '<option value="">Choose a country</option><option value="nl">Netherlands</option>',
    );
    expect(attr(select, "select", "aria-invalid")).toBe("true");
    expect(select).toContain(`id="${attr(select, "select", "aria-describedby")}"`);

    const textarea = renderToStaticMarkup(
      <TextField multiline label="About" name="about" rows={3} error="Too long." className="font-mono" />,
    );
    expect(textarea).not.toContain("<input");
    expect(attr(textarea, "textarea", "aria-invalid")).toBe("true");
    expect(attr(textarea, "textarea", "rows")).toBe("3");
    expect(attr(textarea, "textarea", "class")).toContain("font-mono");
    expect(textarea).toContain(`<label for="${attr(textarea, "textarea", "id")}"`);
    expect(textarea).toContain(`<p id="${attr(textarea, "textarea", "aria-describedby")}"`);

    const checkbox = renderToStaticMarkup(
      <CheckboxField label="Published" name="is_published" error="Needed." />,
    );
    expect(checkbox).toMatch(/<label for="([^"]+)"[^>]*><input id="\1" type="checkbox"/);
    expect(checkbox).toContain(">Published</label>");
    expect(attr(checkbox, "input", "aria-invalid")).toBe("true");
    expect(checkbox).toContain(`<p id="${attr(checkbox, "input", "aria-describedby")}"`);
  });

  it("preset email and password inputs", () => {
    expect(renderToStaticMarkup(<EmailField label="Email" name="email" />)).toContain(
      'type="email" autoComplete="email"',
    );
    const password = renderToStaticMarkup(
      <PasswordField label="Password" name="password" autoComplete="new-password" />,
    );
    expect(password).toContain('type="password" autoComplete="new-password"');
  });

  it("group radios in a fieldset described by its error", () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        legend="I am a"
        name="role_id"
        options={[
          { value: "1", label: "Fan" },
          { value: "2", label: "Model" },
        ]}
        defaultValue="2"
        error={["Choose one."]}
      />,
    );
    expect(html).toContain("<legend");
    expect(html).toMatch(/<input type="radio"[^>]* name="role_id" checked="" value="2"/);
    expect(html).toContain(`<p id="${attr(html, "fieldset", "aria-describedby")}"`);
  });

  it("take the first message of a list", () => {
    expect(firstError(["a", "b"])).toBe("a");
    expect(firstError("a")).toBe("a");
    expect(firstError(undefined)).toBeUndefined();
    expect(firstError([])).toBeUndefined();
  });
});

describe("FormAlert", () => {
  it("announces errors as an alert and successes as a status", () => {
    expect(renderToStaticMarkup(<FormAlert>Wrong password.</FormAlert>)).toMatch(/^<div role="alert"/);
    expect(renderToStaticMarkup(<FormAlert tone="success">Saved.</FormAlert>)).toMatch(/^<div role="status"/);
  });
});

describe("ErrorSummary", () => {
  it("lists each field's first message in one alert, nothing without errors", () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        errors={{ "value.url": ["Please enter a valid URL.", "Too long."] }}
        label={(f) => f.slice(6)}
      />,
    );
    expect(html).toMatch(/^<ul [^>]*role="alert"/);
    expect(html).toContain('<span class="font-medium">url</span>: Please enter a valid URL.');
    expect(html).not.toContain("Too long.");
    expect(renderToStaticMarkup(<ErrorSummary errors={{}} />)).toBe("");
  });
});
