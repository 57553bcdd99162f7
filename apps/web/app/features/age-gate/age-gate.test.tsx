import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { AgeGate, AgeGateDialog } from "./age-gate.tsx";

// The dialog is a chunk of its own; the server has it loaded before it renders (lib/lazy-section.tsx).
beforeAll(async () => {
  await AgeGateDialog.preload();
});

function render(open: boolean) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/models?query=anna"]}>
      <AgeGate open={open} productName="CamAtlas">
        <main>page</main>
      </AgeGate>
    </MemoryRouter>,
  );
}

describe("AgeGate (server markup)", () => {
  it("renders the dialog with the spec's texts, Remember me checked and a form that works without JavaScript", () => {
    const html = render(true);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain(">CamAtlas</h2>");
    expect(html).toContain(
      "This is an age-restricted adult website. You must be at least 18 years old to enter.",
    );
    expect(html).toContain("Are you over 18 years of age?");
    expect(html).toMatch(/<input type="checkbox"[^>]*name="remember"[^>]*checked=""/);
    expect(html).toContain('action="/age-gate"');
    expect(html).toContain('name="redirect_to" value="/models?query=anna"');
    // The page behind cannot be reached while the gate is open.
    expect(html).toContain('<div inert="" class="contents"><main>page</main></div>');
  });

  it("renders only the page when no answer is needed", () => {
    const html = render(false);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain("inert");
  });
});
