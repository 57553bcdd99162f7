import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination, pagerPages } from "./pagination.tsx";

const render = (current: number, last: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pagination current={current} last={last} href={(page) => `/models?page=${page}`} />
    </MemoryRouter>,
  );

describe("pagerPages", () => {
  it("shows every page when there are at most seven", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps seven pages centred on the current one", () => {
    expect(pagerPages(10, 40)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it("sticks to the edges", () => {
    expect(pagerPages(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerPages(2, 40)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerPages(40, 40)).toEqual([34, 35, 36, 37, 38, 39, 40]);
  });

  it("clamps pages outside the range", () => {
    expect(pagerPages(99, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(0, 0)).toEqual([1]);
  });
});

describe("Pagination (server markup)", () => {
  it("renders nothing for a single page", () => {
    expect(render(1, 1)).toBe("");
  });

  it("is a labelled navigation of links to the pages around the current one, the current page marked", () => {
    const html = render(10, 40);
    expect(html).toMatch(/^<nav aria-label="Pages"/);
    const numbers = [...html.matchAll(/<span class="sr-only">Page <\/span>(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([1, 7, 8, 9, 10, 11, 12, 13, 40]);
    expect(html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>10</);
    for (const page of [7, 8, 9, 11, 12, 13]) expect(html).toContain(`href="/models?page=${page}"`);
    expect(html).not.toContain('href="/models?page=10"');
    expect(html).toMatch(/href="\/models\?page=9"[^>]*rel="prev"|rel="prev"[^>]*href="\/models\?page=9"/);
    expect(html).toMatch(/href="\/models\?page=11"[^>]*rel="next"|rel="next"[^>]*href="\/models\?page=11"/);
    expect(html.match(/…/g)).toHaveLength(2);
  });

  it("always offers the first and the last page, with no gap mark where none is skipped", () => {
    const numbers = (html: string) =>
      [...html.matchAll(/<span class="sr-only">Page <\/span>(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers(render(1, 40))).toEqual([1, 2, 3, 4, 5, 6, 7, 40]);
    expect(numbers(render(40, 40))).toEqual([1, 34, 35, 36, 37, 38, 39, 40]);
    expect(numbers(render(5, 9))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(render(5, 9)).not.toContain("…");
    expect(render(1, 40).match(/…/g)).toHaveLength(1);
  });

  it("disables previous on the first page and next on the last", () => {
    const first = render(1, 3);
    expect(first).toContain('aria-disabled="true"');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('rel="next"');
    const last = render(3, 3);
    expect(last).toContain('rel="prev"');
    expect(last).not.toContain('rel="next"');
  });
});
