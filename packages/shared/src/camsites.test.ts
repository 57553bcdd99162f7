import { describe, expect, it } from "vitest";
import {
  CAMSITE_CAPABILITIES,
  CAMSITE_ID,
  CAMSITE_IDS,
  CAMSITES,
  type CamsiteCapability,
  camsiteHas,
  camsiteIdsWith,
  findCamsiteById,
  findCamsiteBySlug,
  modelUrlFor,
} from "./camsites.ts";

const idsWith = (capability: CamsiteCapability) =>
  CAMSITES.filter((camsite) => camsite.capabilities[capability]).map((camsite) => camsite.id);

describe("CAMSITES", () => {
  it("has ids 1..41, each once", () => {
    expect(CAMSITE_IDS).toEqual(Array.from({ length: 41 }, (_, index) => index + 1));
  });

  it("has unique kebab-case slugs and names", () => {
    const slugs = CAMSITES.map((camsite) => camsite.slug);
    expect(new Set(slugs).size).toBe(41);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(CAMSITES.map((camsite) => camsite.name.toLowerCase())).size).toBe(41);
  });

  it("has https homepages and one {nickname} placeholder per template", () => {
    for (const camsite of CAMSITES) {
      expect(camsite.url).toMatch(/^https:\/\/[^/]+\/$/);
      expect(camsite.modelUrlTemplate.startsWith("https://")).toBe(true);
      expect(camsite.modelUrlTemplate.split("{nickname}")).toHaveLength(2);
    }
  });

  it("fixes the spec's five camsites and names the other collected ones by their reference id", () => {
    expect(findCamsiteById(CAMSITE_ID.liveJasmin)?.name).toBe("LiveJasmin");
    expect(findCamsiteById(CAMSITE_ID.myFreeCams)?.name).toBe("MyFreeCams");
    expect(findCamsiteById(CAMSITE_ID.flirt4Free)?.name).toBe("Flirt4Free");
    expect(findCamsiteById(CAMSITE_ID.chaturbate)?.name).toBe("Chaturbate");
    expect(findCamsiteById(CAMSITE_ID.stripchat)?.name).toBe("Stripchat");
    expect(CAMSITE_ID).toEqual({
      cam4: 1,
      liveJasmin: 2,
      bongaCams: 3,
      camSoda: 6,
      streamate: 8,
      myFreeCams: 12,
      flirt4Free: 18,
      chaturbate: 33,
      stripchat: 36,
    });
  });

  it("has exactly the spec's capability sets", () => {
    const expected: Record<CamsiteCapability, number[]> = {
      liveSnap: [1, 2, 3, 6, 8, 12, 18, 33, 36],
      nicknameChanges: [3, 8, 12],
      tips: [2, 12, 33],
      statsSummary: [1, 12, 33],
      lastTopics: [12, 33],
      script: [36],
      badgesMissesCamscore: [12],
    };
    expect(Object.keys(expected).sort()).toEqual([...CAMSITE_CAPABILITIES].sort());
    for (const capability of CAMSITE_CAPABILITIES) {
      expect(idsWith(capability)).toEqual(expected[capability]);
      expect(camsiteIdsWith(capability)).toEqual(expected[capability]);
    }
    expect(camsiteHas(12, "badgesMissesCamscore")).toBe(true);
    expect(camsiteHas(33, "script")).toBe(false);
    expect(camsiteHas(999, "liveSnap")).toBe(false);
    expect(camsiteHas(null, "liveSnap")).toBe(false);
  });

  it("lowercases model names only on Chaturbate", () => {
    expect(CAMSITES.filter((camsite) => camsite.lowercaseModelNames).map((camsite) => camsite.id)).toEqual([
      33,
    ]);
  });
});

describe("lookups", () => {
  it("finds by id and slug", () => {
    expect(findCamsiteBySlug("chaturbate")?.id).toBe(33);
    expect(findCamsiteBySlug("Stripchat")?.id).toBe(36);
    expect(findCamsiteBySlug("nope")).toBeUndefined();
    expect(findCamsiteById(0)).toBeUndefined();
    expect(findCamsiteById(undefined)).toBeUndefined();
  });
});

describe("modelUrlFor", () => {
  it("lowercases Chaturbate names", () => {
    const chaturbate = findCamsiteById(CAMSITE_ID.chaturbate)!;
    expect(modelUrlFor(chaturbate, "Sweet_Anna")).toBe("https://chaturbate.com/sweet_anna/");
  });

  it("keeps the case elsewhere and encodes the name", () => {
    const stripchat = findCamsiteById(CAMSITE_ID.stripchat)!;
    expect(modelUrlFor(stripchat, "Sweet_Anna")).toBe("https://stripchat.com/Sweet_Anna");
    expect(modelUrlFor(stripchat, "a b/c?")).toBe("https://stripchat.com/a%20b%2Fc%3F");
  });

  it("works with templates edited in the database", () => {
    expect(
      modelUrlFor(
        { modelUrlTemplate: "https://x.test/{nickname}?ref={nickname}", lowercaseModelNames: false },
        "Ann",
      ),
    ).toBe("https://x.test/Ann?ref=Ann");
  });
});
