import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button.tsx";
import { SubmitButton } from "./submit-button.tsx";

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("Button", () => {
  it("is a <button> of the type it is given", () => {
    const html = render(
      <Button type="submit" name="intent" value="save">
        Save
      </Button>,
    );
    expect(html).toMatch(/^<button type="submit"[^>]* class="[^"]*bg-primary[^"]*"[^>]*>Save<\/button>$/);
    expect(html).toContain('name="intent"');
  });

  it("renders as a router link when given `to`, looking the same", () => {
    const html = render(
      <Button to="/admin/pages/new" variant="secondary">
        New page
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*href="\/admin\/pages\/new"[^>]*>New page<\/a>$/);
    expect(html).toContain(`class="${buttonClass({ variant: "secondary" })}"`);
    expect(html).not.toContain("<button");
  });

  it("renders as a plain link when given `href`", () => {
    const html = render(
      <Button href="/api/export.csv" download>
        Download
      </Button>,
    );
    expect(html).toMatch(/^<a href="\/api\/export.csv" download="" class="[^"]+">Download<\/a>$/);
  });

  it("has one look per variant and size, and a full-width block", () => {
    expect(buttonClass()).toContain("bg-primary");
    expect(buttonClass({ variant: "danger" })).toContain("text-danger");
    expect(buttonClass({ variant: "ghost" })).not.toContain("border");
    expect(buttonClass({ variant: "secondary" })).toContain("border-line");
    expect(buttonClass({ size: "xs" })).toContain("px-2 py-1");
    expect(buttonClass({ block: true })).toContain("w-full");
    expect(buttonClass({ className: "mt-4" }).endsWith(" mt-4")).toBe(true);
  });
});

describe("SubmitButton", () => {
  it("submits its intent and is a full-width large button unless sized", () => {
    const inDataRouter = (node: React.ReactNode) => {
      const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
      return renderToStaticMarkup(<Stub />);
    };
    const html = inDataRouter(<SubmitButton intent="profile">Save</SubmitButton>);
    expect(html).toMatch(/^<button type="submit"[^>]* value="profile"/);
    expect(html).toContain('name="intent"');
    expect(html).toContain("w-full");
    expect(inDataRouter(<SubmitButton size="md">Save</SubmitButton>)).not.toContain("w-full");
  });
});
