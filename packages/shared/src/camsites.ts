// The 41 camsites (spec §9). Ids 2, 12, 18, 33 and 36 are fixed by the spec; the others are real live-cam sites
// chosen for this product. Model URL templates are starting values: admins can edit them (PUT /cam-sites/{id}).

export const CAMSITE_CAPABILITIES = [
  "liveSnap",
  "nicknameChanges",
  "tips",
  "statsSummary",
  "lastTopics",
  "script",
  "badgesMissesCamscore",
] as const;
export type CamsiteCapability = (typeof CAMSITE_CAPABILITIES)[number];

export type CamsiteCapabilities = Readonly<Record<CamsiteCapability, boolean>>;

export interface Camsite {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly url: string;
  /** Profile address with the placeholder `{nickname}`. */
  readonly modelUrlTemplate: string;
  readonly capabilities: CamsiteCapabilities;
  /** The site only knows lowercase model names, so links must be lowercased. */
  readonly lowercaseModelNames: boolean;
}

export const NICKNAME_PLACEHOLDER = "{nickname}";

export const CAMSITE_ID = {
  cam4: 1,
  liveJasmin: 2,
  bongaCams: 3,
  camSoda: 6,
  streamate: 8,
  myFreeCams: 12,
  flirt4Free: 18,
  chaturbate: 33,
  stripchat: 36,
} as const;

// Which camsite ids have which capability: the spec's lists, kept in one place so the table below cannot drift.
const CAPABILITY_IDS: Readonly<Record<CamsiteCapability, readonly number[]>> = {
  liveSnap: [1, 2, 3, 6, 8, 12, 18, 33, 36],
  nicknameChanges: [3, 8, 12],
  tips: [2, 12, 33],
  statsSummary: [1, 12, 33],
  lastTopics: [12, 33],
  script: [36],
  badgesMissesCamscore: [12],
};

type CamsiteSeed = readonly [id: number, name: string, slug: string, url: string, modelUrlTemplate: string];

const SEEDS: readonly CamsiteSeed[] = [
  [1, "CAM4", "cam4", "https://www.cam4.com/", "https://www.cam4.com/{nickname}"],
  [
    2,
    "LiveJasmin",
    "livejasmin",
    "https://www.livejasmin.com/",
    "https://www.livejasmin.com/en/chat/{nickname}",
  ],
  [3, "BongaCams", "bongacams", "https://bongacams.com/", "https://bongacams.com/{nickname}"],
  [
    4,
    "ImLive",
    "imlive",
    "https://imlive.com/",
    "https://imlive.com/live-sex-chat/cam-girls/video-chats/{nickname}/",
  ],
  [5, "XLoveCam", "xlovecam", "https://www.xlovecam.com/", "https://www.xlovecam.com/en/{nickname}"],
  [6, "CamSoda", "camsoda", "https://www.camsoda.com/", "https://www.camsoda.com/{nickname}"],
  [7, "CamContacts", "camcontacts", "https://www.camcontacts.com/", "https://www.camcontacts.com/{nickname}"],
  [8, "Streamate", "streamate", "https://www.streamate.com/", "https://www.streamate.com/cam/{nickname}/"],
  [9, "Cams.com", "cams-com", "https://www.cams.com/", "https://www.cams.com/{nickname}/"],
  [10, "SkyPrivate", "skyprivate", "https://skyprivate.com/", "https://skyprivate.com/models/{nickname}"],
  [11, "Jerkmate", "jerkmate", "https://jerkmate.com/", "https://jerkmate.com/cam/{nickname}"],
  [
    12,
    "MyFreeCams",
    "myfreecams",
    "https://www.myfreecams.com/",
    "https://profiles.myfreecams.com/{nickname}",
  ],
  [13, "Xcams", "xcams", "https://www.xcams.com/", "https://www.xcams.com/profile/{nickname}/"],
  [14, "CherryTV", "cherrytv", "https://cherry.tv/", "https://cherry.tv/{nickname}"],
  [15, "Naked.com", "naked-com", "https://www.naked.com/", "https://www.naked.com/?model={nickname}"],
  [16, "Camster", "camster", "https://www.camster.com/", "https://www.camster.com/{nickname}"],
  [17, "Visit-X", "visit-x", "https://www.visit-x.net/", "https://www.visit-x.net/en/amateur/{nickname}/"],
  [
    18,
    "Flirt4Free",
    "flirt4free",
    "https://www.flirt4free.com/",
    "https://www.flirt4free.com/?model={nickname}",
  ],
  [19, "Big7", "big7", "https://www.big7.com/", "https://www.big7.com/{nickname}"],
  [20, "Amateur.tv", "amateur-tv", "https://www.amateur.tv/", "https://www.amateur.tv/{nickname}"],
  [21, "Camversity", "camversity", "https://www.camversity.com/", "https://www.camversity.com/{nickname}"],
  [22, "DreamCam", "dreamcam", "https://dreamcam.com/", "https://dreamcam.com/{nickname}"],
  [23, "xHamsterLive", "xhamsterlive", "https://xhamsterlive.com/", "https://xhamsterlive.com/{nickname}"],
  [
    24,
    "MyDirtyHobby",
    "mydirtyhobby",
    "https://www.mydirtyhobby.com/",
    "https://www.mydirtyhobby.com/{nickname}",
  ],
  [
    25,
    "Babestation Cams",
    "babestation-cams",
    "https://www.babestationcams.com/",
    "https://www.babestationcams.com/performer/{nickname}",
  ],
  [26, "SakuraLive", "sakuralive", "https://www.sakuralive.com/", "https://www.sakuralive.com/{nickname}"],
  [27, "CamWithHer", "camwithher", "https://camwithher.tv/", "https://camwithher.tv/{nickname}"],
  [
    28,
    "LivePrivates",
    "liveprivates",
    "https://www.liveprivates.com/",
    "https://www.liveprivates.com/{nickname}",
  ],
  [29, "Streamray", "streamray", "https://www.streamray.com/", "https://www.streamray.com/{nickname}"],
  [30, "iFriends", "ifriends", "https://www.ifriends.net/", "https://www.ifriends.net/{nickname}"],
  [31, "Camirada", "camirada", "https://www.camirada.com/", "https://www.camirada.com/{nickname}"],
  [32, "Bimbim", "bimbim", "https://bimbim.com/", "https://bimbim.com/{nickname}"],
  [33, "Chaturbate", "chaturbate", "https://chaturbate.com/", "https://chaturbate.com/{nickname}/"],
  [34, "SinParty", "sinparty", "https://sinparty.com/", "https://sinparty.com/{nickname}"],
  [35, "Eurolive", "eurolive", "https://www.eurolive.com/", "https://www.eurolive.com/{nickname}"],
  [36, "Stripchat", "stripchat", "https://stripchat.com/", "https://stripchat.com/{nickname}"],
  [37, "OleCams", "olecams", "https://www.olecams.com/", "https://www.olecams.com/{nickname}"],
  [38, "AdultWork", "adultwork", "https://www.adultwork.com/", "https://www.adultwork.com/{nickname}"],
  [39, "LuckyCrush", "luckycrush", "https://luckycrush.live/", "https://luckycrush.live/{nickname}"],
  [40, "Camfuze", "camfuze", "https://www.camfuze.com/", "https://www.camfuze.com/{nickname}"],
  [
    41,
    "SecretFriends",
    "secretfriends",
    "https://www.secretfriends.com/",
    "https://www.secretfriends.com/{nickname}",
  ],
];

function capabilitiesOf(id: number): CamsiteCapabilities {
  const entries = CAMSITE_CAPABILITIES.map((capability) => [
    capability,
    CAPABILITY_IDS[capability].includes(id),
  ]);
  return Object.fromEntries(entries) as Record<CamsiteCapability, boolean>;
}

export const CAMSITES: readonly Camsite[] = SEEDS.map(([id, name, slug, url, modelUrlTemplate]) => ({
  id,
  name,
  slug,
  url,
  modelUrlTemplate,
  capabilities: capabilitiesOf(id),
  lowercaseModelNames: id === CAMSITE_ID.chaturbate,
}));

export const CAMSITE_IDS: readonly number[] = CAMSITES.map((camsite) => camsite.id);

const byId = new Map(CAMSITES.map((camsite) => [camsite.id, camsite]));
const bySlug = new Map(CAMSITES.map((camsite) => [camsite.slug, camsite]));

export function findCamsiteById(id: number | null | undefined): Camsite | undefined {
  return id == null ? undefined : byId.get(id);
}

export function findCamsiteBySlug(slug: string | null | undefined): Camsite | undefined {
  return slug ? bySlug.get(slug.toLowerCase()) : undefined;
}

export function isCamsiteId(id: number): boolean {
  return byId.has(id);
}

/** Camsite ids that have a capability, e.g. for filtering lists or the collector schedule. */
export function camsiteIdsWith(capability: CamsiteCapability): readonly number[] {
  return CAPABILITY_IDS[capability];
}

export function camsiteHas(id: number | null | undefined, capability: CamsiteCapability): boolean {
  return findCamsiteById(id)?.capabilities[capability] ?? false;
}

/** Public profile address of a nickname on a camsite; the template may come from the database (edited by admins). */
export function modelUrlFor(
  camsite: Pick<Camsite, "modelUrlTemplate" | "lowercaseModelNames">,
  nickname: string,
): string {
  const name = camsite.lowercaseModelNames ? nickname.toLowerCase() : nickname;
  return camsite.modelUrlTemplate.split(NICKNAME_PLACEHOLDER).join(encodeURIComponent(name));
}
