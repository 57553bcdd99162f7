import { SNAPSHOT_VARIANTS, snapshotPortraitPath } from "@camatlas/db/factories";
import { ACTIVITY_STATUS_ID, CAMSITE_ID, camsiteHas } from "@camatlas/shared";

// Deterministic demo schedules: the state of a nickname at any second is a pure function of (nickname, camsite,
// time), so the 90-day history and the live simulator tell one consistent story and a restart picks it up.

const DAY = 86_400;
const BLOCK = 600;

/** FNV-1a over the parts, mapped to [0, 1). */
export function unit(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join("|")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  hash ^= hash >>> 12;
  return (hash >>> 0) / 2 ** 32;
}

export interface SimulatedState {
  status: number;
  viewers: number;
  camscore: number | null;
  rank: number | null;
  topic: string;
}

interface Persona {
  daysPerWeek: number;
  startHour: number;
  popularity: number;
  camscoreBase: number;
}

function persona(key: string): Persona {
  return {
    daysPerWeek: 3 + Math.floor(unit(key, "days") * 4),
    startHour: Math.floor(unit(key, "hour") * 24),
    popularity: 15 + Math.floor(unit(key, "pop") ** 3 * 1800),
    camscoreBase: 300 + unit(key, "score") * 4500,
  };
}

/** The session of a given day, if she streams that day: [start, end) epoch seconds. */
export function sessionOfDay(key: string, dayIndex: number): { start: number; end: number } | null {
  const p = persona(key);
  if (unit(key, dayIndex, "on") >= p.daysPerWeek / 7) return null;
  const jitter = Math.floor((unit(key, dayIndex, "jitter") - 0.5) * 4 * 3600);
  const start = dayIndex * DAY + p.startHour * 3600 + jitter;
  const length = 3600 + Math.floor(unit(key, dayIndex, "len") * 5 * 3600);
  return { start, end: start + length };
}

const TOPICS = [
  "Welcome to my room! Be nice :)",
  "Goal: dance show at 500 tokens",
  "Morning coffee stream, say hi",
  "New outfit tonight, tips appreciated",
  "Chill music and chat",
];

/** What the demo feed says about one nickname at one second, or null when offline. */
export function simulatedState(nickname: string, camSiteId: number, at: number): SimulatedState | null {
  const key = `${camSiteId}:${nickname.toLowerCase()}`;
  const day = Math.floor(at / DAY);
  const session = [sessionOfDay(key, day), sessionOfDay(key, day - 1)].find(
    (s) => s && at >= s.start && at < s.end,
  );
  if (!session) return null;
  const p = persona(key);
  const block = Math.floor(at / BLOCK);
  const roll = unit(key, block, "status");
  let status: number = ACTIVITY_STATUS_ID.free_chat;
  if (roll < 0.08) status = ACTIVITY_STATUS_ID.private;
  else if (roll < 0.13) status = ACTIVITY_STATUS_ID.away;
  else if (roll < 0.16)
    status = camSiteId === CAMSITE_ID.myFreeCams ? ACTIVITY_STATUS_ID.member : ACTIVITY_STATUS_ID.group;
  else if (roll < 0.18) status = ACTIVITY_STATUS_ID.on_break;
  // Viewers rise through a session and fall at its end; private shows hide the room.
  const progress = (at - session.start) / (session.end - session.start);
  const curve = 0.5 + Math.sin(Math.PI * progress) * 0.8;
  const noise = 0.85 + unit(key, block, "viewers") * 0.3;
  const viewers = status === ACTIVITY_STATUS_ID.private ? 0 : Math.round(p.popularity * curve * noise);
  let camscore: number | null = null;
  let rank: number | null = null;
  if (camSiteId === CAMSITE_ID.myFreeCams) {
    camscore =
      Math.round(
        p.camscoreBase * (1 + 0.12 * Math.sin(day / 9)) * (0.98 + unit(key, day, "cs") * 0.04) * 10,
      ) / 10;
    // MyFreeCams ranks the top 1,000 CamScores; lower CamScores are unranked (0).
    rank = camscore > 2800 ? Math.max(1, Math.round((4900 - camscore) / 2.1)) : 0;
  }
  const topic = TOPICS[Math.floor(unit(key, day, "topic") * TOPICS.length)] ?? TOPICS[0] ?? "";
  return { status, viewers, camscore, rank, topic };
}

/** Her portrait's few snapshot variants (packages/db portrait-images.ts) stand in for live snapshots. */
const SNAPSHOT_SLOT = 3600;

/**
 * The live snapshot the demo feed shows for a nickname at one second: one picture per hour of public show
 * (free chat, group or members), on camsites that publish snapshots; null otherwise. It is a variant of her own
 * portrait (her face, her room), drawn from her model's slug; a distinct address per hour, since ingestion keeps
 * each address once.
 */
export function simulatedSnapshotUrl(
  nickname: string,
  camSiteId: number,
  at: number,
  state: SimulatedState | null,
  modelSlug: string,
): string | null {
  if (!state || !camsiteHas(camSiteId, "liveSnap")) return null;
  const publicShow: readonly number[] = [
    ACTIVITY_STATUS_ID.free_chat,
    ACTIVITY_STATUS_ID.group,
    ACTIVITY_STATUS_ID.member,
  ];
  if (!publicShow.includes(state.status)) return null;
  const slot = Math.floor(at / SNAPSHOT_SLOT);
  const variant = Math.floor(
    unit(`${camSiteId}:${nickname.toLowerCase()}`, slot, "snap") * SNAPSHOT_VARIANTS,
  );
  return `/media/${snapshotPortraitPath(modelSlug, variant)}?shot=${slot}`;
}
