import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RobotsMeta } from "./robots-meta.tsx";

const at = (path: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <RobotsMeta />
    </MemoryRouter>,
  );

describe("RobotsMeta", () => {
  it("marks every URL containing /stats/ noindex and leaves others alone", () => {
    expect(at("/stats/chaturbate/anna")).toBe('<meta name="robots" content="noindex"/>');
    expect(at("/models/anna")).toBe("");
  });
});
