import { describe, expect, it } from "vitest";
import { ambiguousPaths } from "./unambiguous-paths.ts";

const param = (name: string, schema: Record<string, unknown>) => ({
  name,
  in: "path",
  required: true,
  schema,
});
const op = (...parameters: ReturnType<typeof param>[]) => ({ get: { parameters, responses: {} } });
const id = (name = "id") => param(name, { type: "integer", minimum: 1 });
const text = (name: string) => param(name, { type: "string" });

describe("ambiguousPaths", () => {
  it("lets an integer id sit beside words it can never be (the spec's model paths)", () => {
    expect(
      ambiguousPaths({
        "/api/models/{id}/like-her": op(id()),
        "/api/models/bind-many/{userId}": { post: { parameters: [id("userId")], responses: {} } },
        "/api/models/by-slug/{slug}": op(text("slug")),
      }),
    ).toEqual([]);
  });

  it("finds two paths a request could match both of", () => {
    expect(
      ambiguousPaths({
        "/api/models/by-slug/{slug}": op(text("slug")),
        "/api/models/{name}/like-her": op(text("name")),
      }),
    ).toEqual([["/api/models/by-slug/{slug}", "/api/models/{name}/like-her"]]);
  });

  it("finds a digits-only id beside a number, and reads a digits pattern as digits only", () => {
    expect(ambiguousPaths({ "/a/{id}/b": op(id()), "/a/7/{x}": op(text("x")) })).toHaveLength(1);
    expect(
      ambiguousPaths({
        "/a/{id}/b": op(param("id", { type: "string", pattern: "^\\d+$" })),
        "/a/c/{x}": op(text("x")),
      }),
    ).toEqual([]);
  });

  it("leaves a more concrete path alone, as the OpenAPI matching rules do", () => {
    expect(ambiguousPaths({ "/a/{x}": op(text("x")), "/a/mine": op() })).toEqual([]);
  });
});
