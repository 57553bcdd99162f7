import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CamsiteMetaText, loadCamsiteMeta } from "./camsite-meta-text.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(reply: () => Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => reply());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("camsite meta", () => {
  it("reads a camsite's values once (all=1) and shares them", async () => {
    const fetch = stubFetch(
      () =>
        new Response(JSON.stringify({ data: [{ metaKey: "bonus", metaValue: "100 tokens" }] }), {
          status: 200,
        }),
    );
    const [a, b] = await Promise.all([loadCamsiteMeta(901), loadCamsiteMeta(901)]);
    expect(a.get("bonus")).toBe("100 tokens");
    expect(b).toBe(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = new URL((fetch.mock.calls[0]![0] as Request).url);
    expect(`${sent.pathname}${sent.search}`).toBe("/api/cam-site-meta?camsiteId=901&all=1");
  });

  it("forgets a failed load so the next element can try again", async () => {
    stubFetch(() => new Response(JSON.stringify({ message: "Server Error" }), { status: 500 }));
    await expect(loadCamsiteMeta(902)).rejects.toThrow();
    const fetch = stubFetch(() => new Response(JSON.stringify({ data: [] }), { status: 200 }));
    await expect(loadCamsiteMeta(902)).resolves.toEqual(new Map());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("renders the value the server already knows", () => {
    const html = renderToStaticMarkup(<CamsiteMetaText camsiteId={1} metaKey="bonus" initial="100 tokens" />);
    expect(html).toBe('<span data-camsite-meta="bonus" class="camsite-meta">100 tokens</span>');
  });
});
