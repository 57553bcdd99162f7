import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { nextTabIndex, TabPanel, Tabs } from "./tabs.tsx";

describe("nextTabIndex", () => {
  it("moves with the arrow keys, wrapping around, and jumps with Home and End", () => {
    expect(nextTabIndex("ArrowRight", 0, 3)).toBe(1);
    expect(nextTabIndex("ArrowRight", 2, 3)).toBe(0);
    expect(nextTabIndex("ArrowLeft", 0, 3)).toBe(2);
    expect(nextTabIndex("Home", 2, 3)).toBe(0);
    expect(nextTabIndex("End", 0, 3)).toBe(2);
    expect(nextTabIndex("Enter", 1, 3)).toBeNull();
  });
});

describe("Tabs (server markup)", () => {
  const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

  it("renders link tabs: a named tablist, the selected tab the only one reachable with Tab", () => {
    const html = render(
      <Tabs
        label="Profile sections"
        active="tags"
        items={[
          { id: "basic-info", label: "Basic info", href: "/models/luna" },
          { id: "tags", label: "Tags", href: "/models/luna?tab=tags", count: 3 },
        ]}
      />,
    );
    expect(html).toMatch(/^<div role="tablist" aria-label="Profile sections"/);
    expect(html).toMatch(
      /<a [^>]*id="tab-basic-info" role="tab" aria-selected="false" aria-controls="panel-basic-info" tabindex="-1"[^>]*href="\/models\/luna"/,
    );
    expect(html).toMatch(
      /<a [^>]*id="tab-tags" role="tab" aria-selected="true" aria-controls="panel-tags" tabindex="0"/,
    );
    expect(html).toMatch(/Tags<span [^>]*>3<\/span><\/a>/);
  });

  it("renders button tabs without addresses", () => {
    const html = render(
      <Tabs
        label="Body"
        idPrefix="body-"
        active="write"
        onSelect={() => {}}
        items={[
          { id: "write", label: "Write" },
          { id: "preview", label: "Preview" },
        ]}
      />,
    );
    expect(html).toMatch(/<button type="button" id="body-tab-preview" role="tab" aria-selected="false"/);
    expect(html).not.toContain("<a ");
  });

  it("names a panel by its tab", () => {
    expect(renderToStaticMarkup(<TabPanel tab="tags">x</TabPanel>)).toBe(
      '<section id="panel-tags" role="tabpanel" aria-labelledby="tab-tags">x</section>',
    );
  });
});
