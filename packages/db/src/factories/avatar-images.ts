import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createRandom, type Random } from "./create-random.ts";

export interface GeneratedImage {
  /** Relative to the media folder, as media.path stores it. */
  path: string;
  size: number;
  width: number;
  height: number;
}

const AVATAR_SIZE = 256;
const BACKGROUNDS = [
  ["#f9a8d4", "#a78bfa"],
  ["#fbcfe8", "#f472b6"],
  ["#c4b5fd", "#60a5fa"],
  ["#fde68a", "#f97316"],
  ["#99f6e4", "#6366f1"],
  ["#fecdd3", "#fb7185"],
  ["#bae6fd", "#c084fc"],
  ["#fed7aa", "#e11d48"],
] as const;
const SKIN = ["#f6d5c3", "#eec1a4", "#d9a07e", "#b97a57", "#8d5a3b", "#f3c9a8"] as const;
const HAIR = ["#f4d58d", "#d9a441", "#6b3e26", "#3b2417", "#141014", "#a8322d", "#e879a9"] as const;
const TOPS = ["#1f2937", "#be185d", "#7c3aed", "#0f766e", "#f8fafc", "#111827", "#9d174d"] as const;
const HAIRSTYLES = ["long", "bob", "bun", "ponytail"] as const;

/** A soft abstract head-and-shoulders silhouette on a gradient: no faces, no real people, no downloads. */
export function renderAvatarSvg(random: Random): string {
  const [from, to] = random.pick(BACKGROUNDS);
  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const top = random.pick(TOPS);
  const style = random.pick(HAIRSTYLES);
  const bubbles = Array.from({ length: 5 }, () => {
    const r = random.int(10, 38);
    return `<circle cx="${random.int(0, 256)}" cy="${random.int(0, 256)}" r="${r}" fill="#fff" fill-opacity="${(random.int(6, 18) / 100).toFixed(2)}"/>`;
  }).join("");
  const backHair = {
    long: `<path d="M80 118 Q72 58 128 50 Q184 58 176 118 L190 214 Q128 236 66 214 Z" fill="${hair}"/>`,
    bob: `<path d="M82 118 Q74 58 128 52 Q182 58 174 118 L178 164 Q128 176 78 164 Z" fill="${hair}"/>`,
    bun: `<circle cx="128" cy="56" r="24" fill="${hair}"/>`,
    ponytail: `<path d="M160 80 Q206 96 196 170 Q188 200 176 206 Q186 150 158 110 Z" fill="${hair}"/>`,
  }[style];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="256" height="256" fill="url(#bg)"/>${bubbles}<rect width="256" height="256" fill="url(#glow)"/>
${backHair}
<path d="M36 256 Q40 196 100 182 L156 182 Q216 196 220 256 Z" fill="${top}"/>
<rect x="113" y="146" width="30" height="44" rx="12" fill="${skin}"/>
<ellipse cx="128" cy="114" rx="36" ry="44" fill="${skin}"/>
<path d="M90 112 Q90 62 128 60 Q168 62 166 112 Q154 84 128 82 Q104 84 90 112 Z" fill="${hair}"/>
</svg>`;
}

/**
 * Writes `count` distinct avatars as 256×256 webp files into `${mediaDir}/avatars/`; files already there are kept.
 * Deterministic: the same count gives the same pictures.
 */
export async function writeAvatarImages(mediaDir: string, count: number): Promise<GeneratedImage[]> {
  const folder = path.join(mediaDir, "avatars");
  await mkdir(folder, { recursive: true });
  const random = createRandom("camatlas-avatars");
  const svgs = Array.from({ length: count }, () => renderAvatarSvg(random));
  const images: GeneratedImage[] = [];
  // A few at a time: sharp uses its own threads, and two cores gain nothing from more.
  for (let start = 0; start < svgs.length; start += 8) {
    const chunk = svgs.slice(start, start + 8);
    images.push(
      ...(await Promise.all(
        chunk.map(async (svg, offset) => {
          const relative = `avatars/demo-avatar-${String(start + offset + 1).padStart(3, "0")}.webp`;
          const file = path.join(mediaDir, relative);
          const existing = await stat(file).catch(() => null);
          const size = existing?.size
            ? existing.size
            : (await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file)).size;
          return { path: relative, size, width: AVATAR_SIZE, height: AVATAR_SIZE };
        }),
      )),
    );
  }
  return images;
}
