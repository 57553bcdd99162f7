import { createRandom } from "./create-random.ts";
import type { PortraitTraits } from "./portrait-traits.ts";

// An illustrated head-and-shoulders portrait as SVG, drawn from her traits into one of two scenes: the avatar (a
// studio backdrop, facing the viewer) or a live snapshot (her room, the webcam's framing, the light of the moment).
// The figure is drawn in its own 200 × 250 space, head centred on (100, 100), then placed by the scene.

export const AVATAR_WIDTH = 320;
export const AVATAR_HEIGHT = 400;
export const SNAPSHOT_WIDTH = 320;
export const SNAPSHOT_HEIGHT = 240;
/** Distinct snapshots per model: the demo feed cycles through them. */
export const SNAPSHOT_VARIANTS = 8;

export interface PortraitScene {
  kind: "avatar" | "snapshot";
  width: number;
  height: number;
  /** Where the figure's top-left corner goes, and its scale. */
  x: number;
  y: number;
  scale: number;
  /** Head tilt in degrees. */
  tilt: number;
  light: "neutral" | "warm" | "cool" | "glow";
  smile: "soft" | "open" | "closed";
  wink: boolean;
  /** Where she looks: iris offset in figure units. */
  lookX: number;
  /** Snapshots only: the glow of her room is on. */
  glowOn: boolean;
}

/** Her avatar: the whole figure, facing the viewer. */
export function avatarScene(): PortraitScene {
  return {
    kind: "avatar",
    width: AVATAR_WIDTH,
    height: AVATAR_HEIGHT,
    // A little closer than the whole figure: her face fills the card, the shoulders run off its sides.
    x: -20,
    y: -28,
    scale: 1.8,
    tilt: 0,
    light: "neutral",
    smile: "soft",
    wink: false,
    lookX: 0,
    glowOn: false,
  };
}

/** Snapshot `index` of the model with this seed: the webcam's framing, her pose and the light vary. */
export function snapshotScene(seed: string, index: number): PortraitScene {
  const random = createRandom(`snapshot:${seed}:${index % SNAPSHOT_VARIANTS}`);
  const scale = 0.95 + random.next() * 0.35;
  const figureWidth = 200 * scale;
  const x = (SNAPSHOT_WIDTH - figureWidth) / 2 + (random.next() - 0.5) * 120;
  const y = SNAPSHOT_HEIGHT - 250 * scale + random.int(0, 40);
  return {
    kind: "snapshot",
    width: SNAPSHOT_WIDTH,
    height: SNAPSHOT_HEIGHT,
    x: Math.round(x),
    y: Math.round(y),
    scale: Math.round(scale * 100) / 100,
    tilt: random.int(-9, 9),
    light: random.pick(["neutral", "warm", "cool", "glow"] as const),
    smile: random.pick(["soft", "open", "closed", "soft"] as const),
    wink: random.chance(0.12),
    lookX: random.pick([-1.5, 0, 0, 1.5]),
    glowOn: random.chance(0.75),
  };
}

/** The portrait's SVG document. */
export function renderPortraitSvg(traits: PortraitTraits, scene: PortraitScene): string {
  const { width, height } = scene;
  const background = scene.kind === "avatar" ? studio(traits, width, height) : room(traits, scene);
  const figure = drawFigure(traits, scene);
  const light = lighting(traits, scene);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background}<g transform="translate(${scene.x} ${scene.y}) scale(${scene.scale})">${figure}</g>${light}</svg>`;
}

/** Mixes a colour toward black (amount > 0) or white (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 0 : 255;
  const t = Math.abs(amount);
  const channel = (i: number) => {
    const value = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(value + (target - value) * t)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

const n = (value: number) => Math.round(value * 10) / 10;

function studio(t: PortraitTraits, width: number, height: number): string {
  const [from, to] = t.backdrop;
  const random = createRandom(`studio:${t.seed}`);
  const bokeh = Array.from({ length: 6 }, () => {
    const r = random.int(14, 40);
    return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height * 0.7)}" r="${r}" fill="${t.glow}" fill-opacity="${(random.int(5, 12) / 100).toFixed(2)}"/>`;
  }).join("");
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><radialGradient id="halo" cx="0.5" cy="0.38" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${bokeh}<rect width="${width}" height="${height}" fill="url(#halo)"/>`;
}

function room(t: PortraitTraits, scene: PortraitScene): string {
  const { width, height } = scene;
  const glowOpacity = scene.glowOn ? 0.5 : 0.12;
  const defs = `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(t.wall, -0.08)}"/><stop offset="1" stop-color="${shade(t.wall, 0.35)}"/></linearGradient><linearGradient id="strip" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.glow}" stop-opacity="${glowOpacity}"/><stop offset="1" stop-color="${t.glow}" stop-opacity="0"/></linearGradient><radialGradient id="lamp" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe2b0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe2b0" stop-opacity="0"/></radialGradient></defs>`;
  const wall = `<rect width="${width}" height="${height}" fill="url(#wall)"/><rect width="${width}" height="${height * 0.45}" fill="url(#strip)"/><rect y="2" width="${width}" height="4" fill="${scene.glowOn ? shade(t.glow, -0.3) : shade(t.wall, -0.2)}"/>`;
  let props = "";
  if (t.room === "bedroom") {
    const board = shade(t.wall, -0.18);
    props = `<rect x="14" y="120" width="${width - 28}" height="160" rx="18" fill="${board}"/><rect x="26" y="132" width="${width - 52}" height="150" rx="12" fill="${shade(board, 0.12)}"/><ellipse cx="70" cy="214" rx="58" ry="26" fill="#f3eef5"/><ellipse cx="${width - 70}" cy="214" rx="58" ry="26" fill="${shade(t.glow, -0.55)}"/>`;
  } else if (t.room === "fairy-lights") {
    const bulbs: string[] = [];
    for (let row = 0; row < 2; row++) {
      for (let i = 0; i <= 12; i++) {
        const x = (i / 12) * width;
        const sag = 18 * Math.sin((i / 12) * Math.PI);
        const y = 22 + row * 38 + sag;
        bulbs.push(
          `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="#ffd59a" fill-opacity="0.22"/><circle cx="${n(x)}" cy="${n(y)}" r="2.4" fill="#fff1c9"/>`,
        );
      }
    }
    props = `<path d="M0 22 Q${width / 2} 58 ${width} 22 M0 60 Q${width / 2} 96 ${width} 60" stroke="#2b2520" stroke-width="1" fill="none"/>${bulbs.join("")}`;
  } else if (t.room === "shelf") {
    const plank = shade(t.wall, -0.3);
    props = `<rect x="196" y="84" width="${width - 196}" height="6" fill="${plank}"/><rect x="206" y="54" width="9" height="30" fill="#c2596f"/><rect x="216" y="58" width="8" height="26" fill="#5b8fd1"/><rect x="225" y="50" width="10" height="34" fill="#e0a458"/><path d="M262 84 L258 66 L280 66 L276 84 Z" fill="#b07a3c"/><ellipse cx="262" cy="58" rx="10" ry="6" fill="#3f8f5a" transform="rotate(-30 262 58)"/><ellipse cx="276" cy="56" rx="10" ry="6" fill="#4aa86a" transform="rotate(30 276 56)"/><ellipse cx="269" cy="50" rx="6" ry="10" fill="#3f8f5a"/><rect x="292" y="70" width="10" height="14" rx="2" fill="#f1e7d0"/><circle cx="297" cy="66" r="8" fill="url(#lamp)"/><rect x="20" y="30" width="54" height="70" rx="3" fill="${shade(t.glow, 0.45)}" stroke="${plank}" stroke-width="3"/>`;
  } else {
    props = `<circle cx="${width - 22}" cy="48" r="40" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="7"/><circle cx="${width - 22}" cy="48" r="48" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="10"/><rect x="0" y="170" width="${width}" height="70" fill="${shade(t.wall, 0.45)}"/>`;
  }
  return `${defs}${wall}${props}`;
}

function lighting(t: PortraitTraits, scene: PortraitScene): string {
  const { width, height } = scene;
  const wash = {
    neutral: "",
    warm: `<rect width="${width}" height="${height}" fill="#ffab5e" fill-opacity="0.1"/>`,
    cool: `<rect width="${width}" height="${height}" fill="#6aa6ff" fill-opacity="0.1"/>`,
    glow: `<rect width="${width}" height="${height}" fill="${t.glow}" fill-opacity="0.12"/>`,
  }[scene.light];
  if (scene.kind === "avatar") return wash;
  return `${wash}<defs><radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
}

interface Head {
  left: number;
  right: number;
  top: number;
  chin: number;
  w: number;
}

function headOf(t: PortraitTraits): Head {
  const shape = {
    oval: { top: 50, chin: 148 },
    heart: { top: 50, chin: 147 },
    round: { top: 52, chin: 143 },
    long: { top: 47, chin: 152 },
  }[t.faceShape];
  return { left: 100 - t.faceWidth, right: 100 + t.faceWidth, w: t.faceWidth, ...shape };
}

function drawFigure(t: PortraitTraits, scene: PortraitScene): string {
  const head = headOf(t);
  const tilt = scene.tilt ? ` transform="rotate(${scene.tilt} 100 140)"` : "";
  return `${backHair(t, head)}${body(t)}<g${tilt}>${tilt ? backHairTilted(t, head) : ""}${face(t, head, scene)}${frontHair(t, head)}${accessory(t, head)}</g>`;
}

/** With a tilted head the hair behind it moves with it; a short copy keeps the nape covered. */
function backHairTilted(t: PortraitTraits, h: Head): string {
  return `<ellipse cx="100" cy="${h.top + 40}" rx="${h.w + 4}" ry="40" fill="${shade(t.hairColor, 0.15)}"/>`;
}

function backHair(t: PortraitTraits, h: Head): string {
  const H = t.hairColor;
  const dark = shade(H, 0.22);
  const { left: L, right: R, top: T } = h;
  switch (t.hairStyle) {
    case "long":
    case "wavy":
      return `<path d="M${L - 8} 100 C${L - 12} ${T - 10} ${R + 12} ${T - 10} ${R + 8} 100 L${R + 18} 224 Q100 240 ${L - 18} 224 Z" fill="${dark}"/>`;
    case "bangs":
      return `<path d="M${L - 8} 100 C${L - 12} ${T - 10} ${R + 12} ${T - 10} ${R + 8} 100 L${R + 12} 192 Q100 204 ${L - 12} 192 Z" fill="${dark}"/>`;
    case "bob":
      return `<path d="M${L - 9} 100 C${L - 12} ${T - 10} ${R + 12} ${T - 10} ${R + 9} 100 L${R + 11} 150 Q100 158 ${L - 11} 150 Z" fill="${dark}"/>`;
    case "ponytail": {
      const s = t.parting;
      return `<path d="M${100 + s * 26} ${T + 8} C${100 + s * 72} ${T + 14} ${100 + s * 74} 150 ${100 + s * 52} 206 C${100 + s * 60} 150 ${100 + s * 50} ${T + 44} ${100 + s * 18} ${T + 20} Z" fill="${H}"/><path d="M${100 + s * 56} ${T + 40} C${100 + s * 66} 120 ${100 + s * 62} 160 ${100 + s * 54} 190" stroke="${dark}" stroke-width="3" fill="none"/>`;
    }
    case "bun":
      return `<circle cx="100" cy="${T - 8}" r="21" fill="${H}"/><path d="M88 ${T - 14} Q100 ${T - 26} 112 ${T - 12}" stroke="${dark}" stroke-width="2.5" fill="none"/>`;
    case "curly": {
      const puffs: string[] = [];
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2;
        const x = 100 + Math.cos(a) * (h.w + 20);
        const y = 104 + Math.sin(a) * 56;
        puffs.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${18 + (i % 3) * 2}" fill="${i % 2 ? H : dark}"/>`);
      }
      return `<ellipse cx="100" cy="102" rx="${h.w + 22}" ry="58" fill="${dark}"/>${puffs.join("")}`;
    }
    case "pixie":
      return `<ellipse cx="100" cy="${T + 34}" rx="${h.w + 6}" ry="36" fill="${dark}"/>`;
  }
}

function body(t: PortraitTraits): string {
  const skin = t.skin;
  const neck = `<path d="M87 128 L87 178 Q100 188 113 178 L113 128 Z" fill="${skin}"/><path d="M87 140 Q100 156 113 140 L113 152 Q100 164 87 152 Z" fill="${shade(skin, 0.2)}" fill-opacity="0.55"/>`;
  const shoulders = `<path d="M16 250 C20 206 48 188 86 178 L114 178 C152 188 180 206 184 250 Z" fill="${skin}"/>`;
  const c = t.topColor;
  const seam = shade(c, 0.2);
  switch (t.top) {
    case "tee":
      return `${neck}<path d="M16 250 C20 206 48 188 84 178 Q100 196 116 178 C152 188 180 206 184 250 Z" fill="${c}"/><path d="M84 178 Q100 196 116 178" stroke="${seam}" stroke-width="3" fill="none"/>`;
    case "camisole":
      return `${neck}${shoulders}<path d="M40 250 C44 224 58 212 76 212 Q100 224 124 212 C142 212 156 224 160 250 Z" fill="${c}"/><path d="M72 213 L76 184 M128 213 L124 184" stroke="${c}" stroke-width="3.5"/>`;
    case "hoodie":
      return `${neck}<path d="M14 250 C18 204 46 186 82 176 L118 176 C154 186 182 204 186 250 Z" fill="${c}"/><path d="M72 180 Q100 218 128 180 Q132 168 120 166 Q100 196 80 166 Q68 168 72 180 Z" fill="${seam}"/><path d="M92 198 L90 232 M108 198 L110 232" stroke="${shade(c, -0.4)}" stroke-width="2.5" stroke-linecap="round"/>`;
    case "sweater":
      return `${neck}<path d="M14 250 C18 204 46 186 84 176 L116 176 C154 186 182 204 186 250 Z" fill="${c}"/><path d="M84 174 Q100 188 116 174 L117 184 Q100 198 83 184 Z" fill="${seam}"/><path d="M40 222 L40 250 M160 222 L160 250 M60 206 L60 250 M140 206 L140 250" stroke="${seam}" stroke-width="1.5" stroke-opacity="0.5"/>`;
    case "off-shoulder":
      return `${neck}${shoulders}<path d="M20 250 C24 228 38 220 58 218 Q100 230 142 218 C162 220 176 228 180 250 Z" fill="${c}"/><path d="M58 218 Q100 230 142 218" stroke="${seam}" stroke-width="3" fill="none"/>`;
  }
}

function face(t: PortraitTraits, h: Head, scene: PortraitScene): string {
  const { left: L, right: R, top: T, chin: C, w } = h;
  const spread = { oval: 0.5, heart: 0.3, round: 0.72, long: 0.45 }[t.faceShape];
  const mid = 98 + (C - 98) * 0.55;
  const outline = `M${L} 98 C${L} ${T + 14} ${100 - w * 0.6} ${T} 100 ${T} C${100 + w * 0.6} ${T} ${R} ${T + 14} ${R} 98 C${R} ${n(mid)} ${n(100 + w * spread)} ${C} 100 ${C} C${n(100 - w * spread)} ${C} ${L} ${n(mid)} ${L} 98 Z`;
  const skinShade = shade(t.skin, 0.16);
  const ears = [L + 1, R - 1]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="104" rx="6" ry="10" fill="${t.skin}"/><ellipse cx="${x}" cy="104" rx="3" ry="6" fill="${skinShade}" fill-opacity="0.6"/>`,
    )
    .join("");
  const defs = `<defs><linearGradient id="faceShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${skinShade}" stop-opacity="0.3"/><stop offset="0.35" stop-color="${skinShade}" stop-opacity="0"/><stop offset="0.75" stop-color="${skinShade}" stop-opacity="0"/><stop offset="1" stop-color="${skinShade}" stop-opacity="0.45"/></linearGradient></defs>`;
  const head = `${ears}<path d="${outline}" fill="${t.skin}"/><path d="${outline}" fill="url(#faceShade)"/>`;
  const blush = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${n(100 + s * w * 0.56)}" cy="121" rx="9" ry="5" fill="#ff6f86" fill-opacity="0.16"/>`,
    )
    .join("");
  const random = createRandom(`freckles:${t.seed}`);
  const freckles = t.freckles
    ? Array.from(
        { length: 14 },
        () =>
          `<circle cx="${n(100 + (random.next() < 0.5 ? -1 : 1) * (6 + random.next() * 18))}" cy="${n(112 + random.next() * 10)}" r="0.8" fill="${shade(t.skin, 0.35)}" fill-opacity="0.6"/>`,
      ).join("")
    : "";
  const eyes = [-1, 1].map((s) => eye(t, 100 + s * 15, 102, s, scene)).join("");
  const nose = `<path d="M99 108 Q95.5 119 98.5 122.5 Q101 124.5 104 122.5" stroke="${shade(t.skin, 0.3)}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
  const mark = t.beautyMark ? `<circle cx="${n(100 + w * 0.42)}" cy="128" r="1.1" fill="#3a2418"/>` : "";
  return `${defs}${head}${blush}${freckles}${eyes}${nose}${mouth(t, scene)}${mark}`;
}

function eye(t: PortraitTraits, cx: number, cy: number, side: number, scene: PortraitScene): string {
  const e = t.eyeSize;
  const liner = "#24160f";
  const brow = `<path d="M${cx - side * 10} ${cy - 10} Q${cx - side * 1} ${n(cy - 11 - t.browArch)} ${cx + side * 10} ${cy - 9}" stroke="${t.browColor}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`;
  const lid = `<path d="M${cx - 10} ${cy} Q${cx} ${n(cy - 13 * e)} ${cx + 10} ${cy} Q${cx} ${n(cy - 7 * e)} ${cx - 10} ${cy} Z" fill="${shade(t.lipColor, 0.2)}" fill-opacity="0.22"/>`;
  const winking = scene.wink && side === 1;
  if (winking)
    return `${brow}<path d="M${cx - 9} ${cy} Q${cx} ${cy + 4} ${cx + 9} ${cy}" stroke="${liner}" stroke-width="1.8" fill="none" stroke-linecap="round"/>`;
  const id = `eye${side > 0 ? "R" : "L"}`;
  const shape = `M${cx - 9} ${cy} Q${cx} ${n(cy - 7.5 * e)} ${cx + 9} ${cy} Q${cx} ${n(cy + 5 * e)} ${cx - 9} ${cy} Z`;
  const ix = cx + scene.lookX;
  const flick = `<path d="M${cx + side * 9.5} ${cy - 0.5} L${cx + side * 13} ${cy - 3.5}" stroke="${liner}" stroke-width="1.6" stroke-linecap="round"/>`;
  return `${brow}${lid}<clipPath id="${id}"><path d="${shape}"/></clipPath><path d="${shape}" fill="#fbf6f2"/><g clip-path="url(#${id})"><circle cx="${ix}" cy="${cy + 0.3}" r="${n(4.8 * e)}" fill="${t.eyeColor}"/><circle cx="${ix}" cy="${cy + 0.3}" r="${n(2.2 * e)}" fill="#140c0a"/><circle cx="${ix + 1.6}" cy="${cy - 1.4}" r="1.2" fill="#fff"/></g><path d="M${cx - 10} ${cy + 0.4} Q${cx} ${n(cy - 8.4 * e)} ${cx + 10} ${cy - 0.4}" stroke="${liner}" stroke-width="1.9" fill="none" stroke-linecap="round"/>${flick}`;
}

function mouth(t: PortraitTraits, scene: PortraitScene): string {
  const f = t.lipFullness;
  const half = 10.5;
  const lift = scene.smile === "closed" ? 0.5 : 2.2;
  const y = 133;
  const corners = y - lift;
  const lip = t.lipColor;
  const upper = `<path d="M${100 - half} ${corners} Q${100 - 5} ${n(y - 4.5 * f)} 100 ${n(y - 2.4 * f)} Q${100 + 5} ${n(y - 4.5 * f)} ${100 + half} ${corners} Q100 ${n(y + 1.5)} ${100 - half} ${corners} Z" fill="${lip}"/>`;
  const lowerDepth = y + 5.5 * f + (scene.smile === "open" ? 2 : 0);
  const teeth =
    scene.smile === "open"
      ? `<path d="M${100 - half + 2} ${corners + 0.6} Q100 ${y + 3.5} ${100 + half - 2} ${corners + 0.6} Q100 ${y + 1.5} ${100 - half + 2} ${corners + 0.6} Z" fill="#fbf7f2"/>`
      : "";
  const lowerTop = scene.smile === "open" ? y + 3 : y + 1.5;
  const lower = `<path d="M${100 - half} ${corners} Q100 ${n(lowerDepth + 2)} ${100 + half} ${corners} Q100 ${n(lowerTop)} ${100 - half} ${corners} Z" fill="${shade(lip, -0.08)}"/><ellipse cx="101.5" cy="${n(y + 3.6 * f)}" rx="3.2" ry="1" fill="#fff" fill-opacity="0.22"/>`;
  return `${teeth}${upper}${lower}`;
}

function frontHair(t: PortraitTraits, h: Head): string {
  const H = t.hairColor;
  const dark = shade(H, 0.22);
  const light = shade(H, -0.3);
  const { left: L, right: R, top: T } = h;
  const P = 100 + t.parting * 12;
  const cap = `<path d="M${L - 3} 112 C${L - 6} ${T - 12} ${R + 6} ${T - 12} ${R + 3} 112 C${R} 86 ${R - 10} ${T + 28} ${P} ${T + 17} C${L + 10} ${T + 28} ${L} 86 ${L - 3} 112 Z" fill="${H}"/>`;
  const shine = `<path d="M${n(100 - h.w * 0.5)} ${T + 4} Q100 ${T - 5} ${n(100 + h.w * 0.45)} ${T + 6}" stroke="${light}" stroke-width="3" stroke-opacity="0.35" fill="none" stroke-linecap="round"/>`;
  const part = `<path d="M${P} ${T + 17} Q${P - t.parting * 2} ${T + 6} ${P - t.parting * 5} ${T - 2}" stroke="${dark}" stroke-width="1.5" fill="none" stroke-linecap="round"/>`;
  const locks = (bottom: number, wave: number) =>
    [-1, 1]
      .map((s) => {
        const outer = 100 + s * (h.w + 8);
        const inner = 100 + s * (h.w - 4);
        const w1 = wave * s;
        return `<path d="M${outer} 96 C${outer + s * 2 + w1} 140 ${outer + s * 6 - w1} ${bottom - 40} ${outer + s * 10} ${bottom} L${outer - s * 12} ${bottom - 4} C${inner + w1} ${bottom - 50} ${inner - w1} 140 ${inner} 100 Z" fill="${H}"/>`;
      })
      .join("");
  switch (t.hairStyle) {
    case "long":
      return `${locks(226, 0)}${cap}${part}${shine}`;
    case "wavy":
      return `${locks(224, 8)}${cap}${part}${shine}`;
    case "bob":
      return `${locks(150, 0)}${cap}${part}${shine}`;
    case "bangs": {
      const fringe = `<path d="M${L - 3} 112 C${L - 6} ${T - 12} ${R + 6} ${T - 12} ${R + 3} 112 L${R - 1} 88 Q100 80 ${L + 1} 88 Z" fill="${H}"/><path d="M88 84 L90 70 M100 82 L100 66 M112 84 L110 70" stroke="${dark}" stroke-width="1.2" stroke-opacity="0.6"/>`;
      return `${locks(192, 0)}${fringe}${shine}`;
    }
    case "ponytail":
    case "bun": {
      const sleek = `<path d="M${L - 2} 106 C${L - 4} ${T - 9} ${R + 4} ${T - 9} ${R + 2} 106 C${R - 2} 82 ${R - 12} ${T + 18} 100 ${T + 15} C${L + 12} ${T + 18} ${L + 2} 82 ${L - 2} 106 Z" fill="${H}"/>`;
      return `${sleek}${shine}`;
    }
    case "curly": {
      const curls: string[] = [];
      for (let i = 0; i <= 8; i++) {
        const a = Math.PI + (i / 8) * Math.PI;
        curls.push(
          `<circle cx="${n(100 + Math.cos(a) * (h.w + 2))}" cy="${n(T + 20 + Math.sin(a) * 18)}" r="${i % 2 ? 9 : 10.5}" fill="${i % 2 ? H : dark}"/>`,
        );
      }
      return `<path d="M${L - 4} 104 C${L - 6} ${T - 12} ${R + 6} ${T - 12} ${R + 4} 104 C${R - 4} 84 ${R - 10} ${T + 20} 100 ${T + 18} C${L + 10} ${T + 20} ${L + 4} 84 ${L - 4} 104 Z" fill="${H}"/>${curls.join("")}`;
    }
    case "pixie": {
      const flip = t.parting < 0 ? ` transform="translate(200 0) scale(-1 1)"` : "";
      return `<g${flip}><path d="M${L - 3} 104 C${L - 6} ${T - 14} ${R + 6} ${T - 14} ${R + 3} 100 C${R} 84 ${R - 4} 74 ${R - 14} ${T + 22} C100 ${T + 34} ${L + 12} ${T + 28} ${L + 2} 94 Z" fill="${H}"/></g>${shine}`;
    }
  }
}

function accessory(t: PortraitTraits, h: Head): string {
  const c = t.accessoryColor;
  const { left: L, right: R, top: T } = h;
  switch (t.accessory) {
    case "none":
      return "";
    case "hoops":
      return [L, R]
        .map((x) => `<circle cx="${x}" cy="121" r="6" fill="none" stroke="${c}" stroke-width="1.8"/>`)
        .join("");
    case "studs":
      return [L, R].map((x) => `<circle cx="${x}" cy="113" r="2" fill="${c}"/>`).join("");
    case "glasses":
      return `<g fill="${c}" fill-opacity="0.08" stroke="${c === "#d9d9e3" ? "#8a8a99" : c}" stroke-width="2"><rect x="73" y="93" width="24" height="17" rx="7"/><rect x="103" y="93" width="24" height="17" rx="7"/></g><path d="M97 99 Q100 96 103 99 M73 99 L${L} 97 M127 99 L${R} 97" stroke="${c === "#d9d9e3" ? "#8a8a99" : c}" stroke-width="2" fill="none"/>`;
    case "choker":
      return `<rect x="87" y="160" width="26" height="5" rx="2" fill="#15101a"/><circle cx="100" cy="168" r="2.6" fill="${c}"/>`;
    case "headband":
      return `<path d="M${L - 3} 90 Q100 ${T - 24} ${R + 3} 90" stroke="${c}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case "flower": {
      const x = 100 + t.parting * (h.w - 6);
      const y = T + 16;
      const petals = [0, 72, 144, 216, 288]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          return `<circle cx="${n(x + Math.cos(a) * 5)}" cy="${n(y + Math.sin(a) * 5)}" r="4.4" fill="${c === "#111827" ? "#f472b6" : c}"/>`;
        })
        .join("");
      return `${petals}<circle cx="${x}" cy="${y}" r="2.8" fill="#fde68a"/>`;
    }
  }
}
