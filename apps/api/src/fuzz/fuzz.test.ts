import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRandom, type UserRow } from "@camatlas/db/factories";
import { validationErrorSchema } from "@camatlas/shared";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { fetchDocument } from "../testing/openapi-document.ts";
import { createReplyCheck } from "../testing/reply-check.ts";
import { createTestApi } from "../testing/test-api.ts";
import { type FuzzCase, generateCases, type UploadSamples } from "./bad-input.ts";
import { type Actors, createActors, createFuzzFixtures } from "./fuzz-fixtures.ts";
import { countStatus, emptyTally, formatTable, type OperationTally } from "./fuzz-report.ts";
import { describeCase, toRequest } from "./fuzz-request.ts";
import { isIdParam, listOperations, type Operation } from "./operations.ts";
import { changedTables, createRowCounter, type RowCounts } from "./row-counts.ts";

// The schema-driven fuzz: every write operation and every operation with a path id in /api/openapi.json gets
// generated bad input (bad-input.ts), sent as the role allowed to call it. No reply may be a 5xx; a 422 has the
// shape {message, errors:{field:[text]}}, other refusals {message}; replies match the schemas the document declares;
// and a refused request leaves the row count of every table as it was. `npm test` runs FUZZ_CASES=30 per operation
// with a fixed seed; `npm run fuzz` runs 300 and prints the table (FUZZ_SEED picks another sample).

const CASES = Number(process.env.FUZZ_CASES ?? 30);
const SEED = process.env.FUZZ_SEED ?? "camatlas-fuzz";
const INGEST_TOKEN = "fuzz-ingest-token-0123456789abcdef";

const dataDir = await mkdtemp(join(tmpdir(), "camatlas-fuzz-"));
const t = await createTestApi({ INGEST_TOKEN, DATA_DIR: dataDir });
// Limits have their own tests; here they would only turn the later cases of an operation into 429s.
(t.deps.rateLimitStore as { hit: unknown }).hit = async () => ({ count: 1, resetAt: Date.now() + 60_000 });
await createFuzzFixtures(t.database.db);
const countRows = await createRowCounter(t.database.db);
const checkReply = createReplyCheck(t.api);
const samples: UploadSamples = {
  png: new Uint8Array(
    await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c33" } })
      .png()
      .toBuffer(),
  ),
};

const doc = await fetchDocument((request) => t.api.fetch(request));
// Writes, and reads that name a row in their path; deletes last, so the rows the others name live longest.
const operations = listOperations(doc)
  .filter((op) => op.isWrite || op.params.some(isIdParam))
  .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
const tallies = new Map<string, OperationTally>();

afterAll(async () => {
  if (process.env.FUZZ_CASES)
    console.log(`\nFuzz (seed ${SEED}, ${CASES} cases per operation)\n${formatTable(tallies)}`);
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Headers of the caller: the ingest token, a session of the role, or none for a guest. */
async function headersFor(user: UserRow | null, operation: Operation): Promise<Record<string, string>> {
  if (operation.caller === "ingest") return { authorization: `Bearer ${INGEST_TOKEN}` };
  if (!user) return {};
  return { authorization: `Bearer ${await t.deps.tokens.issue(user)}` };
}

/** The user allowed to call it: a camfan for any signed-in user; for role-bound ones, the first role not refused. */
async function callerOf(operation: Operation, actors: Actors): Promise<UserRow | null> {
  if (operation.caller === "guest" || operation.caller === "ingest") return null;
  if (operation.caller === "user") return actors.camfan;
  for (const user of [actors.admin, actors.camgirl, actors.camfan]) {
    const probe: FuzzCase = {
      kind: "probe",
      pathParams: {},
      query: "",
      body: { type: "none", contentType: null },
    };
    const response = await t.api.fetch(toRequest(operation, probe, await headersFor(user, operation)));
    if (response.status !== 403) return user;
  }
  return actors.admin;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** What is wrong with one reply, or null. */
function problemOf(fuzzCase: FuzzCase, status: number, body: unknown): string | null {
  if (status >= 500) return `answered ${status}: ${JSON.stringify(body).slice(0, 200)}`;
  if (fuzzCase.expectStatus && !fuzzCase.expectStatus.includes(status))
    return `answered ${status}, expected ${fuzzCase.expectStatus.join(" or ")}: ${JSON.stringify(body).slice(0, 200)}`;
  if (status === 422) {
    const parsed = validationErrorSchema.safeParse(body);
    const fields = parsed.success ? Object.values(parsed.data.errors) : [];
    if (!parsed.success || fields.length === 0 || fields.some((texts) => texts.length === 0))
      return `422 without {message, errors:{field:[text]}}: ${JSON.stringify(body).slice(0, 200)}`;
  } else if (status >= 400) {
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== "string" || message === "")
      return `${status} without {message}: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return null;
}

describe("schema-driven fuzz of /api/openapi.json", () => {
  it("finds the operations in the document", () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.some((op) => op.body?.contentType === "multipart/form-data")).toBe(true);
  });

  for (const operation of operations) {
    it(
      operation.name,
      async () => {
        const random = createRandom(`${SEED}:${operation.operationId}`);
        const cases = generateCases(operation, CASES, random, samples);
        const tally = emptyTally();
        tallies.set(operation.name, tally);
        let caller = await callerOf(operation, await createActors(t.database.db));
        let headers = await headersFor(caller, operation);
        const problems: string[] = [];
        let before: RowCounts = await countRows();
        for (const fuzzCase of cases) {
          let request = toRequest(operation, fuzzCase, headers);
          let response = await t.api.fetch(request);
          // An earlier case may have ended the caller's session (logout, password change) or blocked them: the
          // case is sent again as fresh users of the same roles.
          if (response.status === 401 && caller) {
            caller = await callerOf(operation, await createActors(t.database.db));
            headers = await headersFor(caller, operation);
            before = await countRows();
            request = toRequest(operation, fuzzCase, headers);
            response = await t.api.fetch(request);
          }
          const contract = await checkReply(request, response).then(
            () => null,
            (error: Error) => error.message,
          );
          const body = await readBody(response);
          countStatus(tally, response.status);
          const after = await countRows();
          const problem = problemOf(fuzzCase, response.status, body) ?? contract;
          if (problem) problems.push(`${describeCase(operation, fuzzCase)}\n    → ${problem}`);
          if (response.status >= 400) {
            const changed = changedTables(before, after);
            if (Object.keys(changed).length > 0) {
              tally.partialWrites++;
              problems.push(
                `${describeCase(operation, fuzzCase)}\n    → refused with ${response.status} but wrote: ${JSON.stringify(changed)}`,
              );
            }
          }
          before = after;
        }
        expect(
          problems.length ? `${problems.length} problems:\n${problems.slice(0, 15).join("\n")}` : "",
        ).toBe("");
      },
      CASES * 2_000 + 30_000,
    );
  }
});
