import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { UsualSeries } from "../models/usual-hours.ts";
import { ModelTile, type ModelTileData } from "./model-tile.tsx";

const model: ModelTileData = {
  id: 7,
  name: "Mia Rose",
  slug: "mia-rose",
  avatar_path: null,
  avatar_placeholder: null,
  is_verified: false,
  camsites: 0,
  age: null,
  country: null,
};

const render = (usual?: UsualSeries) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ModelTile model={model} image={null} usual={usual} />
    </MemoryRouter>,
  );

describe("ModelTile", () => {
  it("says on which days and hours she usually streams (UTC from the server) when the page read her week", () => {
    const evening = Array.from({ length: 24 }, (_, h) => (h >= 20 && h < 23 ? 3600 : 0));
    const weekUtc = Array.from({ length: 7 }, (_, d) => (d >= 1 && d <= 5 ? evening : evening.map(() => 0)));
    const hoursUtc = evening.map((s) => s * 5);
    expect(render({ hoursUtc, weekUtc })).toMatch(
      /Usually online <span[^>]*>Tue–Sat, 20:00–23:00<\/span> UTC/,
    );
    expect(render({ hoursUtc, weekUtc: null })).toMatch(/Usually online <span[^>]*>20:00–23:00<\/span> UTC/);
  });

  it("has no such line without her hours", () => {
    expect(render()).not.toContain("Usually online");
  });
});
