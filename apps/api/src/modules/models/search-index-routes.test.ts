import { schema } from "@camatlas/db";
import { ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { fromIp, type SignedIn, signIn } from "./test-helpers.ts";

// Typo search answered from the in-process name index (GET /api/models?query=, GET /api/search/typeahead), seen
// by a client: writes through the API and in the database show at once (tests poll the change log before every
// search), visibility and blocks apply to the list and its total, and the database path agrees with it.

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;
let girl: SignedIn;

// 81.2.69.142 is in Great Britain, 89.160.20.112 in Sweden (the GeoLite2 test addresses).
const IN_GB = "81.2.69.142";
const IN_SE = "89.160.20.112";

interface ListReply {
  data: { id: number; name: string }[];
  total: number;
  last_page: number;
}

async function list(query: string, headers: Record<string, string> = {}, extra = ""): Promise<ListReply> {
  const res = await t.call("GET", `/api/models?query=${encodeURIComponent(query)}${extra}`, { headers });
  expect(res.status).toBe(200);
  return res.json();
}

const idsOf = (reply: { data: { id: number }[] }) => reply.data.map((m) => m.id);

async function typeahead(query: string, headers: Record<string, string> = {}) {
  const res = await t.call("GET", `/api/search/typeahead?query=${encodeURIComponent(query)}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()).data as { id: number; matched: string; cam_site: { id: number } | null }[];
}

async function insertModel(values: Partial<typeof schema.models.$inferInsert> & { name: string }) {
  const [row] = await t.database.db
    .insert(schema.models)
    .values({ slug: values.name.toLowerCase().replaceAll(" ", "-"), ...values })
    .returning({ id: schema.models.id });
  return row!.id;
}

async function asAdmin(method: string, path: string, body?: unknown) {
  const res = await t.call(method, path, { headers: admin.headers, body });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApi();
  [fan, admin, girl] = await Promise.all([signIn(t), signIn(t, ROLE.admin), signIn(t, ROLE.camgirl)]);
  await insertModel({ name: "Quilla Brightwater" });
  // The index is built before the writes below: they reach it through the change log.
  expect(idsOf(await list("Quila Brightwatr"))).toHaveLength(1);
});
afterAll(() => t.close());

describe("writes through the API", () => {
  it("finds a model created through the API by a misspelt name right after, and a nickname added by a misspelt nickname", async () => {
    expect((await list("Seraphine Valcort", fan.headers)).total).toBe(0);
    const created = await asAdmin("POST", "/api/models", {
      name: "Seraphine Valcourt",
      nicknames: [{ cam_site_id: 36, nickname: "SeraphValX" }],
    });
    const id = created.model.id as number;
    expect(idsOf(await list("Seraphine Valcort", fan.headers))).toEqual([id]);
    expect(idsOf(await list("SeraphValZ", fan.headers))).toEqual([id]);
    expect(idsOf(await list("Seraphin Valcourt"))).toEqual([id]);

    expect((await list("GoldenSeraphne", fan.headers)).total).toBe(0);
    // An admin's nickname is listed at once (a camfan's waits for approval).
    await asAdmin("POST", "/api/model-nicknames", {
      nicknames: [{ model_id: id, cam_site_id: 33, nickname: "GoldenSeraphine" }],
    });
    const found = await list("GoldenSeraphne", fan.headers);
    expect(idsOf(found)).toEqual([id]);
    expect(found.total).toBe(1);
  });

  it("stops finding her by her old name after a rename, and by a nickname once its removal is approved", async () => {
    const created = await asAdmin("POST", "/api/models", {
      name: "Tamsin Hollowell",
      nicknames: [{ cam_site_id: 36, nickname: "VelvetTamsin" }],
    });
    const id = created.model.id as number;
    const nicknameId = created.model.nicknames[0].id as number;
    expect(idsOf(await list("Tamsin Holowell", fan.headers))).toEqual([id]);

    await asAdmin("PUT", `/api/admin/models/${id}`, { name: "Tamsin Ravenscroft" });
    expect(await list("Tamsin Holowell", fan.headers)).toMatchObject({ data: [], total: 0 });
    expect(idsOf(await list("Tamsin Ravenscrot", fan.headers))).toEqual([id]);
    // Her nickname still finds her.
    expect(idsOf(await list("VelvetTamsn", fan.headers))).toEqual([id]);

    const request = await t.call("POST", `/api/model-nicknames/${nicknameId}/removal-request`, {
      headers: fan.headers,
      body: { reason: "not hers" },
    });
    expect(request.status).toBe(200);
    // Asked, not yet approved: she is still found by it.
    expect(idsOf(await list("VelvetTamsn", fan.headers))).toEqual([id]);
    await asAdmin("POST", `/api/admin/nickname-removals/${(await request.json()).id}/approve`, {});
    expect(await list("VelvetTamsn", fan.headers)).toMatchObject({ data: [], total: 0 });
    expect(idsOf(await list("Tamsin Ravenscrot", fan.headers))).toEqual([id]);
  });

  it("finds her in the typeahead by a misspelt nickname, and follows a rename of her name", async () => {
    const created = await asAdmin("POST", "/api/models", {
      name: "Rosalind Everhart",
      nicknames: [{ cam_site_id: 33, nickname: "EmberRosalind" }],
    });
    const id = created.model.id as number;
    expect(await typeahead("EmberRosalnd")).toEqual([
      expect.objectContaining({
        id,
        matched: "EmberRosalind",
        cam_site: expect.objectContaining({ id: 33 }),
      }),
    ]);
    expect(await typeahead("Rosalind Everhrat")).toEqual([
      expect.objectContaining({ id, matched: "Rosalind Everhart", cam_site: null }),
    ]);
    await asAdmin("PUT", `/api/admin/models/${id}`, { name: "Rosalind Evercrest" });
    expect(await typeahead("Rosalind Evercrst")).toEqual([
      expect.objectContaining({ id, matched: "Rosalind Evercrest", cam_site: null }),
    ]);
    // Misspelt another way (the typeahead keeps a query's hits for 30 s): the old name finds her no more.
    expect((await typeahead("Rosalnd Everhart")).map((h) => h.matched)).not.toContain("Rosalind Everhart");
    expect(await typeahead("EmberRosalnid")).toEqual([
      expect.objectContaining({ id, matched: "EmberRosalind" }),
    ]);
  });
});

describe("who finds her", () => {
  it("hides a model for registered users only from guests, in the list and its total; a signed-in camfan finds her", async () => {
    const created = await asAdmin("POST", "/api/models", { name: "Isaura Penhallow" });
    const id = created.model.id as number;
    expect(idsOf(await list("Isaura Penhalow"))).toEqual([id]);
    await asAdmin("POST", `/api/models/${id}/visibility-settings`, {
      page_visible_for: "only_registered_users",
    });
    expect(await list("Isaura Penhallo")).toMatchObject({ data: [], total: 0 });
    expect(await list("Isaura Penhallo", fromIp(IN_SE))).toMatchObject({ data: [], total: 0 });
    expect(await typeahead("Isaura Penhalow")).toEqual([]);
    const signed = await list("Isaura Penhallo", fan.headers);
    expect(idsOf(signed)).toEqual([id]);
    expect(signed.total).toBe(1);
  });

  it("lists a model for her and admins only to the admin and her bound camgirl", async () => {
    const id = await insertModel({
      name: "Odalys Fairweather",
      userId: girl.id,
      pageVisibleFor: "only_model_and_admin",
    });
    expect(await list("Odalys Fairwether")).toMatchObject({ data: [], total: 0 });
    expect(await list("Odalys Fairwether", fan.headers)).toMatchObject({ data: [], total: 0 });
    for (const viewer of [admin, girl]) {
      const reply = await list("Odalys Fairwether", viewer.headers);
      expect(idsOf(reply)).toEqual([id]);
      expect(reply.total).toBe(1);
    }
    expect(idsOf(await list("Odalys Fairwether", fromIp(IN_GB, girl.headers)))).toEqual([id]);
  });

  it("hides a model blocked for a country from guests there, not from guests elsewhere, her camgirl or admins", async () => {
    const id = await insertModel({ name: "Brisa Calderwood", userId: girl.id });
    expect(idsOf(await list("Brisa Caldrwood", fromIp(IN_GB)))).toEqual([id]);
    const block = await t.call("POST", `/api/models/${id}/block`, {
      headers: girl.headers,
      body: { blockable_type: "country", location: "GB" },
    });
    expect(block.status).toBe(200);
    expect(await list("Brisa Calderwod", fromIp(IN_GB))).toMatchObject({ data: [], total: 0 });
    expect(await list("Brisa Calderwod", fromIp(IN_GB, fan.headers))).toMatchObject({ data: [], total: 0 });
    expect(idsOf(await list("Brisa Calderwod", fromIp(IN_SE)))).toEqual([id]);
    expect(idsOf(await list("Brisa Calderwod", fromIp(IN_GB, girl.headers)))).toEqual([id]);
    expect(idsOf(await list("Brisa Calderwod", fromIp(IN_GB, admin.headers)))).toEqual([id]);
    const unblock = await t.call("POST", `/api/models/${id}/unblock`, {
      headers: girl.headers,
      body: { blockable_type: "country", location: "GB" },
    });
    expect(unblock.status).toBe(200);
    expect(idsOf(await list("Brisa Caldrewood", fromIp(IN_GB)))).toEqual([id]);
  });

  it("hides a model blocked for an IPv6 address from that visitor in the total as on the page, however the address is written", async () => {
    // PostgreSQL compares inet values: the card query hides her from 2001:db8::7 for a block written 2001:db8:0:0::7.
    // Fails today: the index's facts compare IPv6 addresses as text (ipMatches), so they count her in the total.
    const id = await insertModel({ name: "Cordelia Ashbourne" });
    await asAdmin("POST", `/api/models/${id}/block`, { blockable_type: "ip", location: "2001:db8:0:0::7" });
    expect(await list("Cordelia Ashbourn", fromIp("2001:db8::7"))).toMatchObject({ data: [], total: 0 });
    expect(idsOf(await list("Cordelia Ashbourn", fromIp("2001:db8::8")))).toEqual([id]);
  });
});

describe("paging a search", () => {
  let visibleToGuestsInGb: number[];
  let visibleToFan: number[];
  beforeAll(async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 23; i++) {
      ids.push(
        await insertModel({
          name: `Pagewalk Dahlia ${i}`,
          pageVisibleFor: i === 4 || i === 9 ? "only_registered_users" : "everyone",
          isVisible: i !== 13,
        }),
      );
    }
    await t.database.db
      .insert(schema.modelBlocks)
      .values({ modelId: ids[16]!, blockableType: "country", location: "GB" });
    visibleToGuestsInGb = ids.filter((_, i) => ![3, 8, 12, 16].includes(i));
    visibleToFan = ids.filter((_, i) => i !== 12);
  });

  async function walk(headers: Record<string, string>) {
    const first = await list("Pagewalk Dahila", headers, "&per_page=5");
    const seen = [...idsOf(first)];
    for (let page = 2; page <= first.last_page + 1; page++)
      seen.push(...idsOf(await list("Pagewalk Dahila", headers, `&per_page=5&page=${page}`)));
    return { total: first.total, lastPage: first.last_page, seen };
  }

  it("holds on its pages exactly the total, each model once, for a guest and a signed-in camfan", async () => {
    const guest = await walk(fromIp(IN_GB));
    expect(guest.total).toBe(19);
    expect(guest.lastPage).toBe(4);
    expect(guest.seen).toHaveLength(19);
    expect([...guest.seen].sort((a, b) => a - b)).toEqual(visibleToGuestsInGb);
    const signed = await walk(fromIp(IN_SE, fan.headers));
    expect(signed.total).toBe(22);
    expect(signed.seen).toHaveLength(22);
    expect([...signed.seen].sort((a, b) => a - b)).toEqual(visibleToFan);
  });
});

describe("the database path (cam_site_ids, tags_id_list, order_by)", () => {
  let tagId: number;
  let all: number[];
  beforeAll(async () => {
    const { db } = t.database;
    const [tag] = await db
      .insert(schema.tags)
      .values({ name: "concord", slug: "concord" })
      .returning({ id: schema.tags.id });
    tagId = tag!.id;
    all = [];
    for (let i = 1; i <= 8; i++) {
      const id = await insertModel({
        name: `Concord Amberly ${i}`,
        pageVisibleFor: i === 3 ? "only_registered_users" : "everyone",
        isVisible: i !== 5,
      });
      all.push(id);
      await db.insert(schema.nicknames).values({ modelId: id, camSiteId: 33, nickname: `amberlycam${i}` });
      await db.insert(schema.modelTags).values({ modelId: id, tagId });
    }
  });

  it("agrees with the index on which models a misspelt query finds, for a guest and a camfan", async () => {
    for (const headers of [fromIp(IN_SE), fan.headers]) {
      const indexed = await list("Concord Amberyl", headers, "&per_page=100");
      const expected = all.filter((_, i) => i !== 4 && (i !== 2 || headers === fan.headers));
      expect([...idsOf(indexed)].sort((a, b) => a - b)).toEqual(expected);
      expect(indexed.total).toBe(expected.length);
      for (const filter of [
        `&cam_site_ids[]=33`,
        `&tags_id_list[]=${tagId}`,
        "&order_by=name",
        "&order_by=rating&desc=1",
      ]) {
        const reply = await list("Concord Amberyl", headers, `&per_page=100${filter}`);
        expect(
          [...idsOf(reply)].sort((a, b) => a - b),
          filter,
        ).toEqual(expected);
        expect(reply.total, filter).toBe(expected.length);
      }
    }
    const byName = await list("Concord Amberyl", fan.headers, "&per_page=100&order_by=name");
    expect(byName.data.map((m) => m.name)).toEqual([...byName.data.map((m) => m.name)].sort());
    // Another camsite: none of them.
    expect(await list("Concord Amberyl", fan.headers, "&cam_site_ids[]=36")).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it("agrees with the search read from the database alone (no index)", async () => {
    const indexed = await list("Concord Ambrely", fan.headers, "&per_page=100");
    const real = t.deps.searchIndex;
    t.deps.searchIndex = { ...real, current: async () => null };
    try {
      const fromDatabase = await list("Concord Ambrely", fan.headers, "&per_page=100");
      expect(idsOf(fromDatabase)).toEqual(idsOf(indexed));
      expect(fromDatabase.total).toBe(indexed.total);
      expect(idsOf(await list("Amberlycm7", fan.headers))[0]).toBe(all[6]);
    } finally {
      t.deps.searchIndex = real;
    }
    expect(idsOf(await list("Amberlycm7", fan.headers))[0]).toBe(all[6]);
  });
});
