import type { ModelSearchFacts, ModelViewer } from "@camatlas/db";
import { describe, expect, it } from "vitest";
import { VisibilityFacts } from "./visibility-facts.ts";

type Fact = {
  id: number;
  listed?: boolean;
  visibleFor?: ModelSearchFacts["pageVisibleFor"][number];
  userId?: number;
};

/** Facts as the database reads them: parallel arrays. */
function factsOf(...models: Fact[]): ModelSearchFacts {
  return {
    ids: models.map((m) => m.id),
    listed: models.map((m) => m.listed ?? true),
    pageVisibleFor: models.map((m) => m.visibleFor ?? "everyone"),
    userIds: models.map((m) => m.userId ?? null),
  };
}

const guest: ModelViewer = { userId: null, isAdmin: false };
const fan: ModelViewer = { userId: 7, isAdmin: false };
const herCamgirl: ModelViewer = { userId: 42, isAdmin: false };
const admin: ModelViewer = { userId: 1, isAdmin: true };
const from = (place: Partial<ModelViewer>, viewer: ModelViewer = guest): ModelViewer => ({
  ...viewer,
  ...place,
});

describe("VisibilityFacts: who a search may list a model to", () => {
  it("lists a listed model to everyone and an unlisted one (deleted, hidden, merged) to nobody, admins included", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }, { id: 2, listed: false, userId: 42 }));
    for (const viewer of [guest, fan, herCamgirl, admin]) {
      expect(facts.visibleTo(viewer, 1)).toBe(true);
      expect(facts.visibleTo(viewer, 2)).toBe(false);
    }
    // A model the facts never heard of does not exist.
    expect(facts.visibleTo(admin, 3)).toBe(false);
  });

  it("applies page_visible_for: registered users only hides from guests; model and admin only from all but her and admins", () => {
    const facts = new VisibilityFacts();
    facts.apply(
      [],
      factsOf(
        { id: 1, visibleFor: "only_registered_users", userId: 42 },
        { id: 2, visibleFor: "only_model_and_admin", userId: 42 },
        { id: 3, visibleFor: "only_model_and_admin" },
      ),
    );
    const seen = (viewer: ModelViewer) => [1, 2, 3].filter((id) => facts.visibleTo(viewer, id));
    expect(seen(guest)).toEqual([]);
    expect(seen(fan)).toEqual([1]);
    expect(seen(herCamgirl)).toEqual([1, 2]);
    expect(seen(admin)).toEqual([1, 2, 3]);
  });

  it("hides a model blocked for a country or a state from visitors there only", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1, userId: 42 }, { id: 2 }));
    facts.applyBlocks(null, [
      { modelId: 1, blockableType: "country", location: "GB" },
      { modelId: 2, blockableType: "state", location: "US-WA" },
    ]);
    expect(facts.visibleTo(from({ country: "GB" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ country: "GB" }, fan), 1)).toBe(false);
    expect(facts.visibleTo(from({ country: "SE" }), 1)).toBe(true);
    expect(facts.visibleTo(from({ country: "US", region: "US-WA" }), 2)).toBe(false);
    expect(facts.visibleTo(from({ country: "US", region: "US-OR" }), 2)).toBe(true);
    // A state code is not a country: the GB block does not hide her from a visitor whose region reads GB.
    expect(facts.visibleTo(from({ region: "GB" }), 1)).toBe(true);
    // Her camgirl and admins see her from the blocked place.
    expect(facts.visibleTo(from({ country: "GB" }, herCamgirl), 1)).toBe(true);
    expect(facts.visibleTo(from({ region: "US-WA" }, admin), 2)).toBe(true);
    // A visitor whose place is unknown is not hidden by a place block.
    expect(facts.visibleTo(guest, 1)).toBe(true);
    expect(facts.visibleTo(guest, 2)).toBe(true);
  });

  it("hides a model blocked for an IPv4 address or network from visitors at it", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }, { id: 2 }));
    facts.applyBlocks(null, [
      { modelId: 1, blockableType: "ip", location: "203.0.113.7" },
      { modelId: 2, blockableType: "ip", location: "198.51.100.0/24" },
    ]);
    expect(facts.visibleTo(from({ ip: "203.0.113.7" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ ip: "203.0.113.8" }), 1)).toBe(true);
    expect(facts.visibleTo(from({ ip: "198.51.100.0" }), 2)).toBe(false);
    expect(facts.visibleTo(from({ ip: "198.51.100.255" }), 2)).toBe(false);
    expect(facts.visibleTo(from({ ip: "198.51.101.1" }), 2)).toBe(true);
    expect(facts.visibleTo(from({ ip: "2001:db8::1" }), 2)).toBe(true);
    expect(facts.visibleTo(guest, 2)).toBe(true);
  });

  it("hides a model blocked for an IPv6 address from that address only", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }));
    facts.applyBlocks(null, [{ modelId: 1, blockableType: "ip", location: "2001:db8::7" }]);
    expect(facts.visibleTo(from({ ip: "2001:db8::7" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ ip: "2001:DB8::7" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ ip: "2001:db8::8" }), 1)).toBe(true);
    expect(facts.visibleTo(from({ ip: "203.0.113.7" }), 1)).toBe(true);
  });

  it("hides a model blocked for an IPv6 network from the addresses in it, as the database does", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }));
    facts.applyBlocks(null, [{ modelId: 1, blockableType: "ip", location: "2001:db8::/32" }]);
    expect(facts.visibleTo(from({ ip: "2001:db8::1" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ ip: "2001:db8:ffff::1" }), 1)).toBe(false);
    expect(facts.visibleTo(from({ ip: "2a00:1450::1" }), 1)).toBe(true);
    expect(facts.visibleTo(from({ ip: "203.0.113.7" }), 1)).toBe(true);
    expect(facts.visibleTo(from({ ip: "2001:db8::1" }, admin), 1)).toBe(true);
  });

  it("replaces the blocks of the given models only; null replaces all", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }, { id: 2 }));
    const inGb = from({ country: "GB" });
    facts.applyBlocks(null, [
      { modelId: 1, blockableType: "country", location: "GB" },
      { modelId: 2, blockableType: "country", location: "GB" },
    ]);
    // Model 1's block was lifted, model 2's untouched.
    facts.applyBlocks([1], []);
    expect(facts.visibleTo(inGb, 1)).toBe(true);
    expect(facts.visibleTo(inGb, 2)).toBe(false);
    facts.applyBlocks([1], [{ modelId: 1, blockableType: "country", location: "SE" }]);
    expect(facts.visibleTo(from({ country: "SE" }), 1)).toBe(false);
    expect(facts.visibleTo(inGb, 1)).toBe(true);
    facts.applyBlocks(null, []);
    expect(facts.visibleTo(inGb, 2)).toBe(true);
    expect(facts.visibleTo(from({ country: "SE" }), 1)).toBe(true);
  });

  it("apply() drops a model of the given ids that the facts no longer have, and leaves other models as they were", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 1 }, { id: 2 }, { id: 3, visibleFor: "only_registered_users" }));
    // Model 2 was deleted; model 3 now shows to everyone.
    facts.apply([2, 3], factsOf({ id: 3 }));
    expect(facts.visibleTo(admin, 2)).toBe(false);
    expect(facts.visibleTo(guest, 3)).toBe(true);
    expect(facts.visibleTo(guest, 1)).toBe(true);
    // Her camgirl leaves her: the former owner no longer sees the private page.
    facts.apply([1], factsOf({ id: 1, visibleFor: "only_model_and_admin", userId: 42 }));
    expect(facts.visibleTo(herCamgirl, 1)).toBe(true);
    facts.apply([1], factsOf({ id: 1, visibleFor: "only_model_and_admin" }));
    expect(facts.visibleTo(herCamgirl, 1)).toBe(false);
  });

  it("keeps facts of ids far above its first size, and the earlier ones when it grows", () => {
    const facts = new VisibilityFacts();
    facts.apply([], factsOf({ id: 5, visibleFor: "only_registered_users" }, { id: 1023, userId: 42 }));
    facts.apply([], factsOf({ id: 1024, userId: 42, visibleFor: "only_model_and_admin" }));
    facts.apply([], factsOf({ id: 3_000_000, visibleFor: "only_model_and_admin", userId: 42 }));
    expect(facts.visibleTo(fan, 5)).toBe(true);
    expect(facts.visibleTo(guest, 5)).toBe(false);
    expect(facts.visibleTo(herCamgirl, 1023)).toBe(true);
    expect(facts.visibleTo(herCamgirl, 1024)).toBe(true);
    expect(facts.visibleTo(fan, 1024)).toBe(false);
    expect(facts.visibleTo(herCamgirl, 3_000_000)).toBe(true);
    expect(facts.visibleTo(fan, 3_000_000)).toBe(false);
    expect(facts.visibleTo(admin, 2_999_999)).toBe(false);
    expect(facts.visibleTo(admin, 3_000_001)).toBe(false);
  });
});
