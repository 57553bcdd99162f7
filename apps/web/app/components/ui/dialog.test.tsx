import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Dialog, type DialogElement, syncDialog } from "./dialog.tsx";

/** A stand-in for a <dialog> element that records what was called (the unit tests run without a DOM). */
function fakeDialog(open = false) {
  const calls: string[] = [];
  const element: DialogElement = {
    open,
    showModal() {
      calls.push("showModal");
      element.open = true;
    },
    close() {
      calls.push("close");
      element.open = false;
    },
  };
  return { element, calls };
}

describe("syncDialog", () => {
  it("opens a closed dialog as a modal and closes an open one", () => {
    const { element, calls } = fakeDialog();
    syncDialog(element, true);
    expect(element.open).toBe(true);
    syncDialog(element, false);
    expect(element.open).toBe(false);
    expect(calls).toEqual(["showModal", "close"]);
  });

  it("leaves a dialog alone when it already is as asked (showModal on an open dialog throws)", () => {
    const open = fakeDialog(true);
    syncDialog(open.element, true);
    const closed = fakeDialog(false);
    syncDialog(closed.element, false);
    expect([...open.calls, ...closed.calls]).toEqual([]);
  });
});

describe("Dialog (server markup)", () => {
  const render = (open: boolean) =>
    renderToStaticMarkup(
      <Dialog open={open} onClose={() => {}} title="Delete the page?" description="This cannot be undone.">
        <p>Body</p>
      </Dialog>,
    );

  it("is a native dialog named by its title and described by its description", () => {
    const html = render(false);
    const labelledBy = html.match(/<dialog[^>]*aria-labelledby="([^"]+)"/)?.[1];
    const describedBy = html.match(/<dialog[^>]*aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toContain(`<p id="${describedBy}"`);
    expect(html).toContain('<span class="sr-only">Close</span>');
  });

  it("is closed until the browser opens it as a modal (no open attribute from the server)", () => {
    expect(render(false)).not.toMatch(/<dialog[^>]* open/);
    expect(render(true)).not.toMatch(/<dialog[^>]* open/);
  });
});
