import { describe, expect, it } from "vitest";
import { z } from "zod";
import { standInSource } from "./client-api-contract.ts";

const contract = {
  searchEndpoints: {
    typeahead: {
      method: "get",
      path: "/search/typeahead",
      query: z.object({ query: z.string() }),
      reply: z.any(),
    },
  },
  collectorStates: { method: "get", path: "/collectors/states", reply: z.any() },
  REVIEW_STATES: ["pending", "approved"],
  pathId: z.coerce.number(),
  endpoint: () => null,
};

describe("the browser's stand-in for the API contract", () => {
  const source = standInSource(contract, "/repo/packages/shared/src/api-contract/endpoint.ts");

  it("keeps each endpoint's method and path, in groups or alone, and nothing of its schemas", () => {
    expect(source).toContain(
      'export const searchEndpoints = {"typeahead":{"method":"get","path":"/search/typeahead"}};',
    );
    expect(source).toContain('export const collectorStates = {"method":"get","path":"/collectors/states"};');
    expect(source).not.toMatch(/query|reply|zod/);
  });

  it("keeps the contract's constants and its path helper, and leaves schemas and functions out", () => {
    expect(source).toContain('export const REVIEW_STATES = ["pending","approved"];');
    expect(source).toContain(
      'export { endpointPath } from "/repo/packages/shared/src/api-contract/endpoint.ts";',
    );
    expect(source).not.toContain("pathId");
    expect(source).not.toContain("export const endpoint ");
  });

  it("is valid module source for the real contract", async () => {
    const real = await import("@camatlas/shared/api-contract");
    const code = standInSource(real as Record<string, unknown>, "/x/endpoint.ts");
    expect(code).toMatch(/export const modelEndpoints = \{/);
    expect(code).not.toContain("[object Object]");
    // Every line is an export statement of plain JSON data (or the helper's re-export).
    for (const line of code.trim().split("\n").slice(1)) {
      const match = /^export const (\w+) = (.*);$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(() => JSON.parse(match?.[2] ?? "")).not.toThrow();
    }
  });
});
