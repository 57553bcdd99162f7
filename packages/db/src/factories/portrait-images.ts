import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { encode } from "blurhash";
import sharp from "sharp";
import {
  AVATAR_HEIGHT,
  AVATAR_WIDTH,
  avatarScene,
  type PortraitScene,
  renderPortraitSvg,
  SNAPSHOT_VARIANTS,
  snapshotScene,
} from "./portrait-svg.ts";
import { type PortraitLooks, portraitTraits } from "./portrait-traits.ts";

// The demo models' portraits as files under the media folder: `portraits/<seed>/avatar.webp` and
// `portraits/<seed>/snapshot-<n>.webp`, where the seed is the model's slug. Rendering hundreds of them would hold up
// the first start, so a file is drawn when it is first asked for (or by the background pass after the start) and
// kept: the same seed always gives the same bytes.

export const PORTRAIT_FOLDER = "portraits";
/**
 * The drawing's version, kept in the folder (`portraits/VERSION`): files drawn by an older drawing are dropped and
 * drawn again (demo-portraits.ts), so her avatar and her snapshots never show two different faces.
 */
export const PORTRAIT_VERSION = "2-tags";
export { AVATAR_HEIGHT as PORTRAIT_AVATAR_HEIGHT, AVATAR_WIDTH as PORTRAIT_AVATAR_WIDTH };

const SEED_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,126}[a-z0-9])?$/;
const FILE_PATTERN = /^(avatar|snapshot-(\d))\.webp$/;

/** Her avatar's storage key. */
export function avatarPortraitPath(seed: string): string {
  return `${PORTRAIT_FOLDER}/${seed}/avatar.webp`;
}

/** One of her live snapshots' storage key; any index maps onto the few variants drawn. */
export function snapshotPortraitPath(seed: string, index: number): string {
  return `${PORTRAIT_FOLDER}/${seed}/snapshot-${Math.abs(Math.trunc(index)) % SNAPSHOT_VARIANTS}.webp`;
}

/** The seed and scene a storage key stands for, or null for anything else (no other path is ever drawn). */
export function parsePortraitPath(relative: string): { seed: string; scene: PortraitScene } | null {
  const [folder, seed, file, ...rest] = relative.split("/");
  if (folder !== PORTRAIT_FOLDER || !seed || !file || rest.length > 0 || !SEED_PATTERN.test(seed))
    return null;
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  if (match[1] === "avatar") return { seed, scene: avatarScene() };
  const index = Number(match[2]);
  return index < SNAPSHOT_VARIANTS ? { seed, scene: snapshotScene(seed, index) } : null;
}

/** The portrait as WebP bytes; her tags' looks (hair colour, skin) when she has them. */
export async function renderPortrait(
  seed: string,
  scene: PortraitScene,
  looks?: PortraitLooks | null,
): Promise<Buffer> {
  const svg = renderPortraitSvg(portraitTraits(seed, looks), scene);
  return sharp(Buffer.from(svg))
    .webp({ quality: scene.kind === "avatar" ? 80 : 74, effort: 3 })
    .toBuffer();
}

/** The 4×3-component BlurHash of an image, from a 32 px thumbnail, as uploads get theirs. */
export async function imageBlurhash(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .resize(32, 32, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encode(new Uint8ClampedArray(data), info.width, info.height, 4, 3);
}

export interface WrittenPortrait {
  size: number;
  width: number;
  height: number;
  blurhash: string;
  drawn: boolean;
}

const inFlight = new Map<string, Promise<WrittenPortrait>>();

/**
 * Makes sure the portrait behind a storage key exists under `mediaDir` (drawing it once; two requests for the same
 * file share the work) and says its size and BlurHash. Null when the key is not a portrait's. `drawn` says whether
 * this call drew it (false: the file was there).
 */
export function ensurePortraitFile(
  mediaDir: string,
  relative: string,
  looks?: PortraitLooks | null,
): Promise<WrittenPortrait> | null {
  const parsed = parsePortraitPath(relative);
  if (!parsed) return null;
  const running = inFlight.get(relative);
  if (running) return running;
  const work = (async () => {
    const file = path.join(mediaDir, relative);
    let bytes: Buffer | null = await readFile(file).catch(() => null);
    const drawing = !bytes;
    if (!bytes) {
      const drawn = await renderPortrait(parsed.seed, parsed.scene, looks);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, drawn);
      await rename(temp, file);
      bytes = drawn;
    }
    return {
      size: bytes.length,
      width: parsed.scene.width,
      height: parsed.scene.height,
      blurhash: await imageBlurhash(bytes),
      drawn: drawing,
    };
  })().finally(() => inFlight.delete(relative));
  inFlight.set(relative, work);
  return work;
}
