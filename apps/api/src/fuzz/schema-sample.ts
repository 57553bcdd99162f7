import type { Random } from "@camatlas/db/factories";
import type { JsonSchema } from "../testing/openapi-document.ts";

// A plausible value for a JSON schema: what a client that read the document would send. The fuzz starts from it and
// breaks one thing at a time, so bad input reaches past the first check into handlers and queries.

/** Row ids that exist in the fuzz database (its fixtures make a few rows of every table). */
export const EXISTING_IDS = [1, 2, 3] as const;

const PATTERN_CANDIDATES = ["abc", "abc-def", "fuzz", "a1", "ABC", "abc_1", "a.b", "1", "x"];

/** A field that names a row: `id`, `model_id`, `tags_id_list`, `camsiteId`, … */
export function isIdName(name: string): boolean {
  return /(^id$|_id$|_ids$|_id_list$|Id$|^ids$)/.test(name);
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

function sampleString(schema: JsonSchema, name: string, random: Random): string {
  switch (schema.format) {
    case "date":
      return `19${random.int(70, 99)}-0${random.int(1, 9)}-1${random.int(0, 9)}`;
    case "date-time":
      return new Date(Date.now() - random.int(0, 86_400_000)).toISOString();
    case "email":
      return `fuzz${random.int(1, 1_000_000)}@example.com`;
    case "uri":
    case "url":
      return "https://example.com/fuzz";
  }
  if (/url|template/i.test(name)) return "https://example.com/{nickname}";
  if (/email/i.test(name)) return `fuzz${random.int(1, 1_000_000)}@example.com`;
  if (/password|confirm/i.test(name)) return "fuzz password 123";
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    const fits = PATTERN_CANDIDATES.find((c) => pattern.test(c) && c.length >= min && c.length <= max);
    if (fits) return fits;
  }
  const text = `fuzz ${name} ${random.int(1, 9999)}`;
  return text.length > max ? text.slice(0, Math.max(min, max)) : text.padEnd(min, "x");
}

function sampleNumber(schema: JsonSchema, integer: boolean, name: string, random: Random): number {
  if (isIdName(name)) return random.pick(EXISTING_IDS);
  const exclusiveMin = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : undefined;
  const min = schema.minimum ?? exclusiveMin ?? 0;
  const max = Math.min(schema.maximum ?? min + 10, min + 1000);
  const value = min + random.next() * (max - min);
  return integer ? Math.round(value) : value;
}

/** A plausible value for `schema`; `name` is the field's key, which tells ids, emails and URLs apart. */
export function sampleValue(schema: JsonSchema, random: Random, name = "", depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    const nonNull = branches.filter(
      (branch) => !typesOf(branch).includes("null") || typesOf(branch).length > 1,
    );
    return sampleValue(random.pick(nonNull.length ? nonNull : branches), random, name, depth + 1);
  }
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: "object", properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return sampleValue(merged, random, name, depth + 1);
  }
  const types = typesOf(schema).filter((type) => type !== "null");
  const type = types.length ? random.pick(types) : "string";
  switch (type) {
    case "string":
      return sampleString(schema, name, random);
    case "integer":
      return sampleNumber(schema, true, name, random);
    case "number":
      return sampleNumber(schema, false, name, random);
    case "boolean":
      return random.chance(0.5);
    case "array": {
      const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, random.int(0, 2)));
      const itemName = isIdName(name) ? "id" : name;
      return Array.from({ length: count }, () =>
        sampleValue(schema.items ?? {}, random, itemName, depth + 1),
      );
    }
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.6)) out[key] = sampleValue(property, random, key, depth + 1);
      }
      return out;
    }
    default:
      return "fuzz";
  }
}
