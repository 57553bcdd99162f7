import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GeneratedImage } from "./generated-image.ts";

// The demo camsites' logos: a mark drawn for this site per camsite (its own colour, shape and monogram), written
// once into the media folder like any uploaded logo. No camsite's real logo is copied or hot-linked.

const SIZE = 64;
/** The golden angle spreads 41 hues as far apart as they go. */
const GOLDEN_ANGLE = 137.508;

/** One or two letters: the capitals of the name ("MyFreeCams" → "MF", "Chaturbate" → "C"). */
export function camsiteMonogram(name: string): string {
  const capitals = name.match(/[A-Z]/g) ?? [];
  const letters = capitals.length > 0 ? capitals : [name.trim()[0]?.toUpperCase() ?? "?"];
  return letters.slice(0, 2).join("");
}

const MOTIFS = [
  // A lens ring.
  `<circle cx="46" cy="18" r="9" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>`,
  // A play triangle.
  `<path d="M40 10 L56 19 L40 28 Z" fill="#fff" fill-opacity=".3"/>`,
  // A heart.
  `<path d="M48 27 C40 21 38 17 41 13.5 C43.5 11 46.5 12 48 14.5 C49.5 12 52.5 11 55 13.5 C58 17 56 21 48 27 Z" fill="#fff" fill-opacity=".32"/>`,
  // A spark.
  `<path d="M48 8 L51 16 L59 19 L51 22 L48 30 L45 22 L37 19 L45 16 Z" fill="#fff" fill-opacity=".32"/>`,
  // A wave.
  `<path d="M0 50 Q16 40 32 50 T64 50 V64 H0 Z" fill="#fff" fill-opacity=".14"/>`,
  // A diamond.
  `<path d="M48 9 L57 19 L48 29 L39 19 Z" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`,
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mark as an SVG document (64 × 64, scales to any size). */
export function renderCamsiteLogoSvg(camsite: { id: number; name: string }): string {
  const hue = Math.round((camsite.id * GOLDEN_ANGLE) % 360);
  const from = `hsl(${hue} 72% 46%)`;
  const to = `hsl(${(hue + 36) % 360} 78% 32%)`;
  const motif = MOTIFS[camsite.id % MOTIFS.length];
  const monogram = escapeXml(camsiteMonogram(camsite.name));
  const fontSize = monogram.length > 1 ? 24 : 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(camsite.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="64" height="64" rx="14" fill="url(#g)"/>${motif}
<text x="30" y="44" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="800" font-size="${fontSize}" letter-spacing="-1" fill="#fff">${monogram}</text>
</svg>`;
}

/** Writes `camsite-logos/{slug}.svg` for each camsite into the media folder (files already there are rewritten). */
export async function writeCamsiteLogoImages(
  mediaDir: string,
  camsites: ReadonlyArray<{ id: number; name: string; slug: string }>,
): Promise<Array<GeneratedImage & { camsiteId: number }>> {
  await mkdir(path.join(mediaDir, "camsite-logos"), { recursive: true });
  return Promise.all(
    camsites.map(async (camsite) => {
      const relative = `camsite-logos/${camsite.slug}.svg`;
      const svg = renderCamsiteLogoSvg(camsite);
      await writeFile(path.join(mediaDir, relative), svg);
      return {
        camsiteId: camsite.id,
        path: relative,
        size: Buffer.byteLength(svg),
        width: SIZE,
        height: SIZE,
      };
    }),
  );
}
