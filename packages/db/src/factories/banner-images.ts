import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { GeneratedImage } from "./generated-image.ts";
import { imageBlurhash } from "./portrait-images.ts";

export interface BannerSpec {
  /** File name inside `${mediaDir}/settings/`. */
  name: string;
  width: number;
  height: number;
  colors: readonly [string, string, string];
}

/** Soft diagonal gradient with a few light waves: a neutral stand-in for the configurable page images. */
export function renderBannerSvg(spec: BannerSpec): string {
  const { width: w, height: h, colors } = spec;
  const wave = (y: number, opacity: number) =>
    `<path d="M0 ${y} C ${w * 0.25} ${y - h * 0.18}, ${w * 0.5} ${y + h * 0.18}, ${w} ${y - h * 0.05} L ${w} ${h} L 0 ${h} Z" fill="#fff" fill-opacity="${opacity}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="0.55" stop-color="${colors[1]}"/><stop offset="1" stop-color="${colors[2]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${wave(h * 0.62, 0.1)}${wave(h * 0.75, 0.08)}${wave(h * 0.88, 0.06)}
</svg>`;
}

export async function writeBannerImages(
  mediaDir: string,
  specs: readonly BannerSpec[],
): Promise<GeneratedImage[]> {
  await mkdir(path.join(mediaDir, "settings"), { recursive: true });
  return Promise.all(
    specs.map(async (spec) => {
      const relative = `settings/${spec.name}`;
      const file = path.join(mediaDir, relative);
      let bytes = await readFile(file).catch(() => null);
      if (!bytes) {
        bytes = await sharp(Buffer.from(renderBannerSvg(spec)))
          .webp({ quality: 78 })
          .toBuffer();
        await writeFile(file, bytes);
      }
      return {
        path: relative,
        size: bytes.length,
        width: spec.width,
        height: spec.height,
        // The page images show their placeholder while they load, like uploaded ones.
        blurhash: await imageBlurhash(bytes),
      };
    }),
  );
}
