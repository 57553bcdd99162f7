import type { Random } from "@camatlas/db/factories";
import { IMAGE_UPLOAD_MAX_BYTES } from "@camatlas/shared";
import { hasUnsafeCharacters } from "../lib/unsafe-text.ts";
import type { JsonSchema } from "../testing/openapi-document.ts";
import { isIdParam, type Operation } from "./operations.ts";
import { EXISTING_IDS, isIdName, sampleValue } from "./schema-sample.ts";

// Generated bad input for one operation: every case starts from a plausible request (schema-sample.ts) and breaks
// one thing. Cases are data (what to send, and what the reply must then be), so the runner stays small.

export type CaseBody =
  | { type: "json"; value: unknown }
  | { type: "raw"; text: string; contentType: string | null }
  | { type: "multipart"; files: { field: string; name: string; bytes: Uint8Array | string }[] }
  | { type: "none"; contentType: string | null };

export interface FuzzCase {
  /** What was broken: "body-id", "nul", "path-id", … */
  kind: string;
  /** Raw (already encoded) path segments by param name. */
  pathParams: Record<string, string>;
  /** Raw query string, without "?". */
  query: string;
  body: CaseBody;
  /** Statuses the reply must have (besides "never 5xx"), when the case decides it. */
  expectStatus?: number[];
  /** A 422 must name this field. */
  expectField?: string;
}

/** Path ids that name no row, each of which once read as a real one (`0x1F` → 31) or overflowed the column. */
export const BAD_PATH_IDS = [
  "0",
  "-1",
  "1.5",
  "2147483648",
  "9007199254740992",
  "99999999999999999999",
  "0x1F",
  "1e3",
  "1%0A",
  "%00",
  "01",
  "%201",
  "abc",
  "1%00",
];

export const BAD_BODY_IDS = [0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e21, "0x1F", "1e3", "7"];

const BAD_DATES = [
  "2024-02-30",
  "2023-02-29",
  "0000-01-01",
  "2024-13-01",
  "10000-01-01",
  "-001-01-01",
  "2024-01-01T25:00:00Z",
  "2024-01-01T00:00:60Z",
  "0000-01-01T00:00:00Z",
  "",
  "yesterday",
];

const WRONG_TYPES: unknown[] = [123, -1, 1.5, true, false, "text", [], [1, "a"], {}, { a: 1 }, 1e308];

const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "x\udfffy",
  "\ud800",
  "\udbff\u0000",
  "🙂\ud83d",
  " ",
  "\u202e\u0007",
  "'; drop table users; --",
  "%00",
  "{{7*7}}",
];

const MALFORMED_JSON = ['{"a":', "{'a':1}", "[1,]", "\u0000", "NaN", "{", '{"a":1}}', "nul", '"\\ud800"x'];

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/json; charset=utf-16",
  "image/png",
];

/** A tiny valid PNG (1 × 1), made once by the runner; the oversize and empty files are built here. */
export interface UploadSamples {
  png: Uint8Array;
}

// ---- helpers -------------------------------------------------------------------------------------------------

interface FieldRef {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of an object body, nested objects and first array items included. */
function fieldsOf(schema: JsonSchema, value: unknown, path: (string | number)[] = [], depth = 0): FieldRef[] {
  if (depth > 5) return [];
  const refs: FieldRef[] = [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    for (const branch of branches) refs.push(...fieldsOf(branch, value, path, depth + 1));
    return refs;
  }
  if (schema.properties && value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      refs.push({ path: [...path, key], schema: property });
      const child = (value as Record<string, unknown>)[key];
      refs.push(...fieldsOf(property, child, [...path, key], depth + 1));
    }
  }
  if (schema.items && Array.isArray(value) && value.length > 0) {
    refs.push({ path: [...path, 0], schema: schema.items });
    refs.push(...fieldsOf(schema.items, value[0], [...path, 0], depth + 1));
  }
  return refs;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container =
    root && typeof root === "object"
      ? Array.isArray(root)
        ? [...root]
        : { ...(root as Record<string, unknown>) }
      : typeof head === "number"
        ? []
        : {};
  const current = (container as Record<string | number, unknown>)[head!];
  (container as Record<string | number, unknown>)[head!] = setAt(current, rest, value);
  return container;
}

function hasPath(root: unknown, path: (string | number)[]): boolean {
  let at = root;
  for (const part of path) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, part)) return false;
    at = (at as Record<string | number, unknown>)[part];
  }
  return true;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 1 && root && typeof root === "object" && !Array.isArray(root)) {
    const copy = { ...(root as Record<string, unknown>) };
    delete copy[path[0] as string];
    return copy;
  }
  if (path.length <= 1 || !root || typeof root !== "object") return root;
  const [head, ...rest] = path;
  return setAt(root, [head!], deleteAt((root as Record<string | number, unknown>)[head!], rest));
}

const typesOf = (schema: JsonSchema) => [schema.type ?? []].flat();
const isStringField = (ref: FieldRef) => typesOf(ref.schema).includes("string") || !!ref.schema.enum;
const isIntegerField = (ref: FieldRef) =>
  typesOf(ref.schema).includes("integer") ||
  (typesOf(ref.schema).includes("array") && typesOf(ref.schema.items ?? {}).includes("integer"));
const isDateField = (ref: FieldRef) => ref.schema.format === "date" || ref.schema.format === "date-time";
const lastKey = (ref: FieldRef) => String(ref.path.filter((part) => typeof part === "string").at(-1) ?? "");

/** Raw JSON text with `key: value` spliced in as the object's first member (keys JSON.stringify would lose). */
function withRawMember(value: unknown, member: string): string {
  const text = JSON.stringify(value ?? {});
  return text.startsWith("{") ? `{${member}${text === "{}" ? "" : ","}${text.slice(1)}` : `{${member}}`;
}

function deepNesting(depth: number): string {
  return `${"[".repeat(depth)}1${"]".repeat(depth)}`;
}

// ---- the generator -------------------------------------------------------------------------------------------

type Mutator = (random: Random) => Partial<FuzzCase> & { kind: string };

/**
 * `count` cases for `operation`. Every kind of bad input that applies is used at least once (when `count` allows),
 * then kinds are drawn at random; the same seed gives the same cases.
 */
export function generateCases(
  operation: Operation,
  count: number,
  random: Random,
  samples: UploadSamples,
): FuzzCase[] {
  const pathParams = (r: Random) =>
    Object.fromEntries(
      operation.params
        .filter((param) => param.in === "path")
        .map((param) => [
          param.name,
          isIdParam(param)
            ? String(r.pick(EXISTING_IDS))
            : encodeURIComponent(String(sampleValue(param.schema, r, param.name))),
        ]),
    );
  const queryParams = operation.params.filter((param) => param.in === "query");
  const validQuery = (r: Random) =>
    new URLSearchParams(
      queryParams
        .filter((param) => param.required)
        .map((param) => [param.name, String(sampleValue(param.schema, r, param.name))]),
    ).toString();
  const jsonBody = operation.body?.contentType === "application/json" ? operation.body : null;
  const formBody = operation.body?.contentType === "multipart/form-data" ? operation.body : null;
  const validJson = (r: Random) => (jsonBody ? sampleValue(jsonBody.schema, r) : undefined);

  const mutators: Mutator[] = [];
  const add = (weight: number, mutator: Mutator) => {
    for (let i = 0; i < weight; i++) mutators.push(mutator);
  };

  // Path params: ids that name no row are 404; other segments must never break the server.
  for (const param of operation.params.filter((p) => p.in === "path")) {
    add(3, (r) => {
      if (isIdParam(param))
        return {
          kind: "path-id",
          pathParams: { ...pathParams(r), [param.name]: r.pick(BAD_PATH_IDS) },
          expectStatus: [404],
        };
      const bad = r.pick(["%00", "%ED%A0%80", "%FF", "x".repeat(5000), "..%2F..", "%2E%2E", "a%0Ab", "%20"]);
      return { kind: "path-text", pathParams: { ...pathParams(r), [param.name]: bad } };
    });
  }

  // Query strings: NUL, invalid UTF-8, numbers past any column, arrays where one value is expected.
  for (const param of queryParams) {
    add(1, (r) => {
      const bad = r.pick([
        "%00",
        "a%00b",
        "%ED%A0%80",
        "%FF",
        "99999999999",
        "-99999999999",
        "0x1F",
        "1e3",
        "1.5",
        "x".repeat(3000),
        "",
      ]);
      const query = `${validQuery(r)}&${encodeURIComponent(param.name)}=${bad}&${encodeURIComponent(param.name)}[]=1`;
      return { kind: "query", query };
    });
  }

  if (jsonBody) {
    const field = (r: Random, value: unknown, filter: (ref: FieldRef) => boolean = () => true) => {
      const refs = fieldsOf(jsonBody.schema, value).filter(filter);
      return refs.length ? r.pick(refs) : null;
    };
    add(2, (r) => ({ kind: "plausible", body: { type: "json", value: validJson(r) } }));
    add(3, (r) => {
      const value = validJson(r);
      const ref = field(r, value);
      return {
        kind: "wrong-type",
        body: {
          type: "json",
          value: ref ? setAt(value, ref.path, r.pick(WRONG_TYPES)) : r.pick(WRONG_TYPES),
        },
      };
    });
    add(2, (r) => {
      const value = validJson(r);
      const ref = field(r, value);
      return { kind: "missing-field", body: { type: "json", value: ref ? deleteAt(value, ref.path) : {} } };
    });
    add(2, (r) => {
      const value = validJson(r);
      const ref = field(r, value);
      return { kind: "null", body: { type: "json", value: ref ? setAt(value, ref.path, null) : null } };
    });
    add(2, (r) => {
      const value = validJson(r);
      const key = r.pick([
        "extra_field",
        "is_admin",
        "role_id",
        "id",
        "user_id",
        "created_at",
        "x".repeat(300),
      ]);
      return {
        kind: "extra-field",
        body: {
          type: "json",
          value: value && typeof value === "object" ? { ...value, [key]: r.pick(WRONG_TYPES) } : { [key]: 1 },
        },
      };
    });
    add(4, (r) => {
      const value = validJson(r);
      const ref = field(r, value, isStringField);
      const nasty = r.pick(NASTY_STRINGS);
      if (!ref) return { kind: "odd-string", body: { type: "json", value: { [nasty]: nasty } } };
      // No column can hold these: refused on the field, whatever else the body says.
      // (when the field was in the plausible body: a field of another union branch may be dropped unread).
      const refused = hasUnsafeCharacters(nasty) && hasPath(value, ref.path);
      return {
        kind: refused ? "nul-or-surrogate" : "odd-string",
        body: { type: "json", value: setAt(value, ref.path, nasty) },
        ...(refused ? { expectStatus: [422] } : {}),
      };
    });
    add(1, (r) => {
      const value = validJson(r);
      return {
        kind: "nul-key",
        body: {
          type: "json",
          value: value && typeof value === "object" ? { ...value, "a\u0000": 1, "\udfff": "x" } : value,
        },
      };
    });
    add(2, (r) => {
      const value = validJson(r);
      const ref = field(r, value, isStringField) ?? field(r, value);
      const huge = "x".repeat(1024 * 1024);
      return {
        kind: "1mb-string",
        body: { type: "json", value: ref ? setAt(value, ref.path, huge) : { huge } },
        // Past every JSON route's body limit but ingest's (5 MB), where the field's own limit refuses it.
        expectStatus: [413, 422],
      };
    });
    add(1, (r) => {
      const value = validJson(r);
      const ref = field(r, value);
      const depth = r.pick([200, 5000, 15_000]);
      const text = ref
        ? JSON.stringify(setAt(value, ref.path, "__NEST__")).replace('"__NEST__"', deepNesting(depth))
        : deepNesting(depth);
      return { kind: "deep-nesting", body: { type: "raw", text, contentType: "application/json" } };
    });
    add(2, (r) => {
      const member = r.pick([
        '"__proto__":{"is_admin":true,"role_id":1}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"prototype":{"x":1}',
        '"__proto__":{"__proto__":{"toString":1}}',
      ]);
      return {
        kind: "proto-key",
        body: { type: "raw", text: withRawMember(validJson(r), member), contentType: "application/json" },
      };
    });
    if (jsonBody && fieldsOf(jsonBody.schema, sampleValue(jsonBody.schema, random)).some(isIntegerField))
      add(4, (r) => {
        const value = validJson(r);
        const ref = field(r, value, isIntegerField);
        if (!ref) return { kind: "body-id", body: { type: "json", value } };
        const bad = r.pick(BAD_BODY_IDS);
        const isArray = typesOf(ref.schema).includes("array");
        const isId = isIdName(lastKey(ref)) && hasPath(value, ref.path);
        return {
          kind: isId ? "body-id" : "body-number",
          body: { type: "json", value: setAt(value, ref.path, isArray ? [bad] : bad) },
          // Every body id out of the column's range is refused on its field.
          ...(isId ? { expectStatus: [422] } : {}),
        };
      });
    if (fieldsOf(jsonBody.schema, sampleValue(jsonBody.schema, random)).some(isDateField))
      add(3, (r) => {
        const value = validJson(r);
        const ref = field(r, value, isDateField);
        return {
          kind: "bad-date",
          body: { type: "json", value: ref ? setAt(value, ref.path, r.pick(BAD_DATES)) : value },
        };
      });
    add(2, (r) => ({
      kind: "malformed-json",
      body: { type: "raw", text: r.pick(MALFORMED_JSON), contentType: "application/json" },
      expectStatus: [400, 422],
    }));
    add(2, (r) => ({
      kind: "content-type",
      body: {
        type: "raw",
        text: JSON.stringify(validJson(r) ?? {}),
        contentType: r.pick(WRONG_CONTENT_TYPES),
      },
    }));
    add(2, (r) => {
      const choice = r.pick(["none", "no-type", "{}", "[]", "null", '"x"', "1", ""]);
      if (choice === "none")
        return { kind: "empty-body", body: { type: "none", contentType: "application/json" } };
      if (choice === "no-type") return { kind: "empty-body", body: { type: "none", contentType: null } };
      return { kind: "empty-body", body: { type: "raw", text: choice, contentType: "application/json" } };
    });
  }

  if (formBody) {
    const fields = Object.keys(formBody.schema.properties ?? { file: {} });
    const fieldName = (r: Random) => r.pick(fields);
    const file = (field: string, name: string, bytes: Uint8Array | string) => ({ field, name, bytes });
    add(1, (r) => ({
      kind: "upload-plausible",
      body: { type: "multipart", files: [file(fieldName(r), "tiny.png", samples.png)] },
    }));
    add(3, (r) => ({
      kind: "upload-empty",
      body: {
        type: "multipart",
        files: [file(fieldName(r), r.pick(["empty.png", "empty.jpg", ""]), new Uint8Array())],
      },
      expectStatus: [422],
    }));
    add(2, (r) => ({
      kind: "upload-oversize",
      body: {
        type: "multipart",
        files: [file(fieldName(r), "big.png", new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 70 * 1024))],
      },
      expectStatus: [413],
    }));
    add(2, (r) => {
      const bytes = new Uint8Array(r.int(1, 4096)).map(() => r.int(0, 255));
      return {
        kind: "upload-garbage",
        body: {
          type: "multipart",
          files: [file(fieldName(r), r.pick(["a.png", "a.jpg", "a.webp", "a.exe"]), bytes)],
        },
        expectStatus: [422],
      };
    });
    add(1, (r) => ({
      kind: "upload-text-field",
      body: { type: "multipart", files: [file(fieldName(r), "", r.pick(["abc", "\u0000", ""]))] },
    }));
    add(1, () => ({ kind: "upload-missing", body: { type: "multipart", files: [] }, expectStatus: [422] }));
    add(1, () => ({
      kind: "upload-wrong-field",
      body: { type: "multipart", files: [file("other", "tiny.png", samples.png)] },
    }));
    add(1, (r) => ({
      kind: "upload-odd-name",
      body: {
        type: "multipart",
        files: [
          file(
            fieldName(r),
            r.pick(["a\u0000.png", "../../etc/passwd.png", "x".repeat(2000), "\udfff.png"]),
            samples.png,
          ),
        ],
      },
    }));
    add(1, () => ({
      kind: "upload-many",
      body: {
        type: "multipart",
        files: Array.from({ length: 12 }, (_, i) => file(`attachments[${i}]`, `${i}.png`, samples.png)),
      },
    }));
    add(1, (r) => ({
      kind: "malformed-multipart",
      body: {
        type: "raw",
        text: r.pick(["garbage", "--xyz\r\nContent-Disposition: form-data\r\n\r\n", "--xyz--"]),
        contentType: "multipart/form-data; boundary=xyz",
      },
    }));
    add(1, () => ({
      kind: "content-type",
      body: { type: "raw", text: '{"file":"x"}', contentType: "application/json" },
    }));
    add(1, () => ({ kind: "empty-body", body: { type: "none", contentType: null } }));
  }

  if (!jsonBody && !formBody && operation.isWrite) {
    // Bodiless writes still must not read or choke on a body that should not be there.
    add(1, (r) => ({
      kind: "unexpected-body",
      body: {
        type: "raw",
        text: r.pick(["{", "x".repeat(100_000), '{"a":"\\u0000"}']),
        contentType: "application/json",
      },
    }));
    add(1, () => ({ kind: "plausible", body: { type: "none", contentType: null } }));
  }

  if (mutators.length === 0) return [];
  const distinct = [...new Set(mutators)];
  const order = [...random.shuffle(distinct), ...Array.from({ length: count }, () => random.pick(mutators))];
  return order.slice(0, count).map((mutator) => {
    const r = random.fork("case");
    const made = mutator(r);
    return {
      pathParams: pathParams(r),
      query: validQuery(r),
      body: { type: "none", contentType: null } as CaseBody,
      ...made,
    };
  });
}
