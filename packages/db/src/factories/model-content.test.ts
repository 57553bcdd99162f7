import { describe, expect, it } from "vitest";
import { type ModelFacts, renderModelContent } from "./model-content.ts";

const facts = (overrides: Partial<ModelFacts> = {}): ModelFacts => ({
  name: "Mia Rose",
  age: 24,
  countryName: "Romania",
  city: "Bucharest",
  camSiteNames: ["Chaturbate", "Stripchat", "Chaturbate"],
  nicknames: ["MiaRose", "MiaRose", "mia_live"],
  tagNames: ["blonde"],
  ...overrides,
});

describe("generated model text", () => {
  it("never calls a shown place private", () => {
    expect(renderModelContent(facts(), [0, 3, 0, 0, 0])).not.toContain("private");
    expect(
      renderModelContent(facts({ city: "Bucharest", countryName: null }), [0, 3, 0, 0, 0]),
    ).not.toContain("private");
    expect(renderModelContent(facts({ city: null, countryName: null }), [0, 3, 0, 0, 0])).toContain(
      "She prefers to keep her location private.",
    );
  });

  it("names each nickname and camsite once, with the right grammar for one", () => {
    expect(renderModelContent(facts(), [0, 0, 2, 0, 0])).toContain(
      "Her known nicknames are MiaRose and mia_live.",
    );
    expect(renderModelContent(facts({ nicknames: ["Solo", "Solo"] }), [0, 0, 2, 0, 0])).toContain(
      "Her known nickname is Solo.",
    );
    expect(renderModelContent(facts(), [0, 0, 1, 0, 0])).toContain(
      "She performs on 2 sites: Chaturbate and Stripchat.",
    );
    expect(renderModelContent(facts(), [0, 0, 0, 0, 0])).toContain(
      "You can find her on Chaturbate and Stripchat.",
    );
  });
});
