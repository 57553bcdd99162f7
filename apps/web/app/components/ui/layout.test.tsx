import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge.tsx";
import { Card } from "./card.tsx";
import { EmptyState } from "./empty-state.tsx";
import { PageHeader } from "./page-header.tsx";
import { Table, TableBody, TableHead } from "./table.tsx";

describe("layout pieces", () => {
  it("PageHeader is the page's one h1 with its lead and actions", () => {
    const html = renderToStaticMarkup(
      <PageHeader title="Pages" lead="Static pages." actions={<a href="/new">New</a>} />,
    );
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain(">Pages</h1>");
    expect(html).toContain(">Static pages.</p>");
    expect(html).toContain('<a href="/new">New</a>');
  });

  it("EmptyState says what is missing and offers an action", () => {
    const html = renderToStaticMarkup(
      <EmptyState title="No pages yet" text="Create the first one.">
        <a href="/new">New page</a>
      </EmptyState>,
    );
    expect(html).toContain("No pages yet");
    expect(html).toContain("Create the first one.");
    expect(html).toContain('<a href="/new">New page</a>');
  });

  it("Card renders the element asked for", () => {
    expect(renderToStaticMarkup(<Card as="section" aria-labelledby="t" padding="none" />)).toMatch(
      /^<section aria-labelledby="t" class="rounded-xl bg-surface shadow-sm ring-1 ring-line-soft"><\/section>$/,
    );
  });

  it("Badge shows a count", () => {
    expect(renderToStaticMarkup(<Badge>3</Badge>)).toMatch(/^<span class="[^"]*bg-primary[^"]*">3<\/span>$/);
  });
});

describe("Table", () => {
  it("is a captioned table inside a scrolling card", () => {
    const html = renderToStaticMarkup(
      <Table caption="Models">
        <TableHead>
          <tr>
            <th>Name</th>
          </tr>
        </TableHead>
        <TableBody>
          <tr>
            <td>Luna</td>
          </tr>
        </TableBody>
      </Table>,
    );
    expect(html).toMatch(
      /^<div class="[^"]*overflow-x-auto[^"]*"[^>]*><table [^>]*><caption class="sr-only">Models<\/caption><thead/,
    );
    expect(html).toContain("<td>Luna</td>");
  });
});
