import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable } from "./data-table.tsx";
import { EmptyState } from "./empty-state.tsx";

type Site = { id: number; name: string; models: number };

const COLUMNS: Column<Site>[] = [
  { header: "Camsite", rowHeader: true, className: "font-medium", cell: (s) => s.name },
  { header: "Models", align: "right", cell: (s) => String(s.models) },
  { header: "Actions", hideHeader: true, cell: (s) => <a href={`/admin/camsites/${s.id}`}>Edit</a> },
];

const rows: Site[] = [
  { id: 1, name: "Chaturbate", models: 12 },
  { id: 2, name: "Stripchat", models: 7 },
];

describe("DataTable", () => {
  it("names its columns once and shows every row through them", () => {
    const html = renderToStaticMarkup(
      <DataTable caption="Camsites" columns={COLUMNS} rows={rows} rowKey={(s) => s.id} />,
    );
    expect(html).toContain('<caption class="sr-only">Camsites</caption>');
    expect(html).toContain('<th scope="col" class="px-4 py-2">Camsite</th>');
    expect(html).toContain('<th scope="col" class="px-4 py-2 text-right">Models</th>');
    // A column of buttons still has a name, for screen readers only.
    expect(html).toContain('<th scope="col" class="px-4 py-2"><span class="sr-only">Actions</span></th>');
    // The naming cell is the row's header; the others are data cells with the column's look.
    expect(html).toContain('<th scope="row" class="px-4 py-2 font-medium">Stripchat</th>');
    expect(html).toContain('<td class="px-4 py-2 text-right">7</td>');
    expect(html).toContain('<a href="/admin/camsites/2">Edit</a>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it("pads header and rows as asked, and shows its empty state instead of an empty table", () => {
    const roomy = renderToStaticMarkup(
      <DataTable columns={COLUMNS} rows={rows} rowKey={(s) => s.id} cellPadding="py-3" headPadding="py-3" />,
    );
    expect(roomy).toContain('<th scope="col" class="px-4 py-3">Camsite</th>');
    expect(roomy).toContain('<td class="px-4 py-3 text-right">12</td>');
    const empty = renderToStaticMarkup(
      <DataTable
        columns={COLUMNS}
        rows={[]}
        rowKey={(s) => s.id}
        empty={<EmptyState title="No camsites" />}
      />,
    );
    expect(empty).toContain("No camsites");
    expect(empty).not.toContain("<table");
  });

  it("becomes labelled cards on a phone when asked: each data cell carries its column's name", () => {
    const cards = renderToStaticMarkup(
      <DataTable caption="Camsites" columns={COLUMNS} rows={rows} rowKey={(s) => s.id} phone="cards" />,
    );
    expect(cards).toContain('<table class="w-full text-left text-sm table-cards">');
    expect(cards).toContain('<td class="px-4 py-2 text-right" data-label="Models">7</td>');
    // The row's name is the card's title and a column of buttons needs no label.
    expect(cards).toContain('<th scope="row" class="px-4 py-2 font-medium">Stripchat</th>');
    expect(cards).toContain('<td class="px-4 py-2"><a href="/admin/camsites/2">Edit</a></td>');
    const scrolling = renderToStaticMarkup(
      <DataTable caption="Camsites" columns={COLUMNS} rows={rows} rowKey={(s) => s.id} />,
    );
    expect(scrolling).toContain('<table class="w-full text-left text-sm">');
    expect(scrolling).not.toContain("data-label");
  });
});
