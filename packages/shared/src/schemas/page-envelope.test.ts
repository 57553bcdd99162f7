import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lastPageOf, pageEnvelope, pageOffset, toPageEnvelope } from "./page-envelope.ts";

describe("toPageEnvelope", () => {
  it("computes the last page", () => {
    expect(toPageEnvelope([1, 2], 25, 3, 10)).toEqual({
      data: [1, 2],
      total: 25,
      current_page: 3,
      last_page: 3,
      meta: {},
    });
    expect(toPageEnvelope([], 30, 1, 10).last_page).toBe(3);
  });

  it("has at least one page", () => {
    expect(toPageEnvelope([], 0, 1, 10).last_page).toBe(1);
    expect(lastPageOf(5, 0)).toBe(1);
  });

  it("keeps meta", () => {
    expect(toPageEnvelope(["a"], 1, 1, 10, { canCreate: true }).meta).toEqual({ canCreate: true });
  });

  it("computes offsets", () => {
    expect(pageOffset(1, 12)).toBe(0);
    expect(pageOffset(3, 12)).toBe(24);
    expect(pageOffset(0, 12)).toBe(0);
  });
});

describe("pageEnvelope", () => {
  const schema = pageEnvelope(z.object({ id: z.number() }));

  it("validates a built envelope", () => {
    const body = toPageEnvelope([{ id: 1 }], 1, 1, 10);
    expect(schema.parse(body)).toEqual(body);
  });

  it("rejects bad items and pages", () => {
    expect(schema.safeParse(toPageEnvelope([{ id: "x" }], 1, 1, 10)).success).toBe(false);
    expect(schema.safeParse({ data: [], total: 0, current_page: 1, last_page: 0, meta: {} }).success).toBe(
      false,
    );
  });

  it("takes a meta schema", () => {
    const withMeta = pageEnvelope(z.string(), z.object({ can_create: z.boolean() }));
    expect(withMeta.parse(toPageEnvelope(["a"], 1, 1, 10, { can_create: false })).meta.can_create).toBe(
      false,
    );
    expect(withMeta.safeParse(toPageEnvelope(["a"], 1, 1, 10)).success).toBe(false);
  });
});
