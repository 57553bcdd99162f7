import { ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Access, Ownership } from "../lib/contract-route.ts";
import { createTestApi, type TestApi } from "../testing/test-api.ts";
import { type Caller, type Cast, createCast, ROLES, type RoleName } from "./fixtures.ts";
import { describeOperation, freshClientIp, liveOperations, type Operation, urlOf } from "./operations.ts";

// The authorization matrix: every operation of the live /api/openapi.json × {guest, camfan, camgirl, admin} ×
// {own resource, someone else's} where the route names one. What each caller must get follows from the policy the
// route declares beside itself (contractRoute's access and owner, published as x-access and x-owner): "allowed"
// means the guard let the call through (any answer but 401/403 — an empty body then answers 422, an unknown id
// 404). A route without a declared policy fails here.

let t: TestApi;
let cast: Cast;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApi();
  cast = await createCast(t);
  operations = await liveOperations(t);
});
afterAll(() => t.close());

type Expected = "allowed" | 401 | 403 | 404;

const ROLE_OF: Record<RoleName, number> = { camfan: ROLE.camfan, camgirl: ROLE.camgirl, admin: ROLE.admin };

/** What a caller must get from a route, from its declared access (resource ownership aside). */
function expectedByAccess(op: Operation, access: Access, caller: Caller): Expected {
  if (access === "public") return "allowed";
  if (caller === "guest") return 401;
  // A token route checks its own credential: the session's (refresh) lets a signed-in caller in, another (the
  // collectors' ingest token) does not.
  if (access === "token") return op.schemes.includes("bearerAuth") ? "allowed" : 401;
  if (access === "user") return "allowed";
  if (access === "admin") return caller === "admin" ? "allowed" : 403;
  return (access.roles as readonly number[]).includes(ROLE_OF[caller]) ? "allowed" : 403;
}

/** For a route naming an owned resource: the owner and (when declared) admins get through, anyone else `others`. */
function expectedForResource(owner: Exclude<Ownership, string>, caller: RoleName, own: boolean): Expected {
  if (own) return "allowed";
  if (caller === "admin" && owner.admins) return "allowed";
  return owner.others;
}

/** Path values: the named resource for a resource route, else ids that exist nowhere (no side effects). */
function pathValues(op: Operation, resourceId: number | string | null): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const name of op.params) {
    if (name === "id" && resourceId !== null) values[name] = resourceId;
    else if (/id$/i.test(name)) values[name] = 999_999;
    else values[name] = "nobody-here";
  }
  return values;
}

/**
 * Valid bodies for the routes that name an owned resource and validate their body before looking at the owner: with
 * an empty body they would answer 422 to anyone, which says nothing about who may act. A new such route fails the
 * matrix (422 where 403 is expected) until it has one here.
 */
const VALID_BODIES: Record<string, unknown> = {
  "POST /api/models/{id}/block": { blockable_type: "country", location: "SE" },
  "POST /api/models/{id}/unblock": { blockable_type: "country", location: "SE" },
  "POST /api/models/{id}/change-avatar-accessibility": { forbid_avatar_changes: false },
  "PUT /api/comments/{id}": { text: "Edited" },
  "PUT /api/user-reviews/{id}": { title: "A new title" },
  "PATCH /api/forum/posts/{id}": { body: "Edited" },
};

async function send(op: Operation, caller: Caller, resourceId: number | string | null) {
  const headers: Record<string, string> = { ...freshClientIp(), ...(await cast.headers(caller)) };
  const init: { headers: Record<string, string>; body?: unknown } = { headers };
  if (op.body === "json") init.body = VALID_BODIES[describeOperation(op)] ?? {};
  return t.call(op.method, urlOf(op.path, pathValues(op, resourceId)), init);
}

describe("every operation declares its policy", () => {
  it("has x-access; signed-in routes also say whose resource they act on", () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter((op) => op.access === undefined).map(describeOperation);
    expect(missing, "routes not built by contractRoute (no declared access)").toEqual([]);
    const signedIn = operations.filter((op) => op.access === "user" || typeof op.access === "object");
    const noOwner = signedIn.filter((op) => op.owner === undefined).map(describeOperation);
    expect(noOwner, "signed-in routes without owner (self, anyone or { resource })").toEqual([]);
    const badResource = operations
      .filter((op) => typeof op.owner === "object" && !op.params.includes("id"))
      .map(describeOperation);
    expect(badResource, "a resource owner needs the path's {id}").toEqual([]);
  });
});

describe("the matrix", () => {
  it("guests, camfans, camgirls and admins get what each route's access declares", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (op.access === undefined) continue;
      for (const caller of ["guest", ...ROLES] as Caller[]) {
        const owner = op.owner;
        const resource = typeof owner === "object" ? owner.resource : null;
        const byAccess = expectedByAccess(op, op.access, caller);
        const targets: { own: boolean; id: number | string | null }[] =
          resource === null || caller === "guest" || byAccess !== "allowed"
            ? [{ own: true, id: resource ? cast.people.stranger.owns[resource] : null }]
            : [
                { own: true, id: cast.people[caller as RoleName].owns[resource] },
                { own: false, id: cast.people.stranger.owns[resource] },
              ];
        for (const target of targets) {
          const expected =
            typeof owner === "object" && byAccess === "allowed" && caller !== "guest"
              ? expectedForResource(owner, caller as RoleName, target.own)
              : byAccess;
          const res = await send(op, caller, target.id);
          const label = `${describeOperation(op)} as ${caller}${resource ? (target.own ? " (own)" : " (someone else's)") : ""}: expected ${expected}, got ${res.status}`;
          const ok =
            expected === "allowed"
              ? ![401, 403].includes(res.status) &&
                !(target.own && res.status === (owner as { others?: number })?.others)
              : res.status === expected;
          if (!ok) failures.push(label);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
