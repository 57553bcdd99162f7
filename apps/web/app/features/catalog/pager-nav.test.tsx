import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PagerNav } from "./pager-nav.tsx";

const render = (current: number, last: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PagerNav current={current} last={last} href={(page) => `/models?page=${page}`} />
    </MemoryRouter>,
  );

describe("PagerNav (server markup)", () => {
  it("renders nothing for a single page", () => {
    expect(render(1, 1)).toBe("");
  });

  it("shows at most seven page links around the current page, marked for screen readers", () => {
    const html = render(10, 40);
    const numbers = [...html.matchAll(/<span class="sr-only">Page <\/span>(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>10</);
    expect(html).toContain('href="/models?page=9"');
    expect(html).toContain('href="/models?page=11"');
  });

  it("disables previous on the first page", () => {
    const html = render(1, 3);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain('rel="next"');
  });
});
