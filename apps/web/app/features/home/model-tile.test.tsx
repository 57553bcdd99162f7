import type { ModelCard } from "@camatlas/shared/schemas/model-card";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ModelTile } from "./model-tile.tsx";

const model = {
  id: 7,
  name: "Mia Rose",
  slug: "mia-rose",
  avatar_path: null,
  avatar_placeholder: null,
  is_verified: false,
  nicknames: [],
  age: null,
  country: null,
} as unknown as ModelCard;

const render = (hoursUtc?: number[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ModelTile model={model} image={null} hoursUtc={hoursUtc} />
    </MemoryRouter>,
  );

describe("ModelTile", () => {
  it("says when she usually streams (UTC from the server) when the page read her hours", () => {
    const hours = Array.from({ length: 24 }, (_, h) => (h >= 20 && h < 23 ? 3600 : 0));
    expect(render(hours)).toMatch(/Usually online <span[^>]*>20:00–23:00<\/span> UTC/);
  });

  it("has no such line without her hours", () => {
    expect(render()).not.toContain("Usually online");
  });
});
