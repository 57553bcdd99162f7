import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferScriptsUntilPainted } from "./defer-scripts-until-painted.server.ts";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL, LOAD_AFTER_FIRST_PAINT } from "./deferred-scripts.ts";

const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '</head><body><p>Café «x»</p><script nonce="n">window.__ctx = 1;</script>' +
  '<script nonce="n" type="module" async="">import "/assets/root.js";\nimport("/assets/entry.js");</script>' +
  '<script type="module" async="">never("a second module script stays as it is")</script></body></html>';

async function throughTransform(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferScriptsUntilPainted()));
}

/** The page cut into pieces of `size` bytes: tags and multi-byte characters fall across chunk edges. */
function cut(html: string, size: number): Buffer[] {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

describe("deferScriptsUntilPainted", () => {
  const expected = PAGE.replaceAll('rel="modulepreload"', `rel="${DEFERRED_PRELOAD_REL}"`).replace(
    '<script nonce="n" type="module" async="">',
    `<script nonce="n" type="${DEFERRED_MODULE_TYPE}">`,
  );

  it("renames the module preloads and React Router's module script, and nothing else", async () => {
    const out = await throughTransform([Buffer.from(PAGE)]);
    expect(out).toBe(expected);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('<script nonce="n">window.__ctx = 1;</script>');
  });

  it("gives the same page whatever the chunk edges cut (tags, multi-byte characters)", async () => {
    for (const size of [1, 2, 3, 7, 16, 64]) expect(await throughTransform(cut(PAGE, size))).toBe(expected);
  });

  it("keeps a page without scripts as it is", async () => {
    const page = "<html><body><p>a < b and c > d</p></body></html>";
    expect(await throughTransform(cut(page, 5))).toBe(page);
  });
});

describe("LOAD_AFTER_FIRST_PAINT", () => {
  it("names what the transform renamed, and brings them back", () => {
    expect(LOAD_AFTER_FIRST_PAINT).toContain(`link[rel="${DEFERRED_PRELOAD_REL}"]`);
    expect(LOAD_AFTER_FIRST_PAINT).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    expect(LOAD_AFTER_FIRST_PAINT).toContain('l.rel="modulepreload"');
    expect(LOAD_AFTER_FIRST_PAINT).toContain('script.type="module"');
    expect(() => new Function(LOAD_AFTER_FIRST_PAINT)).not.toThrow();
  });
});
