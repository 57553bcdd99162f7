import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StatsErrorBoundary } from "./restricted-stats-gate.tsx";

/** The stats page at `path` as its loader failed with `status` (an error response, as the loader throws it). */
function render(status: number, path = "/stats/chaturbate/mia?tab=statistics") {
  const Stub = createRoutesStub([
    {
      id: "stats",
      path: "/stats/:camsite/:nickname",
      Component: () => null,
      ErrorBoundary: StatsErrorBoundary,
    },
  ]);
  const error = { status, statusText: "", internal: false, data: {} };
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ errors: { stats: error } }} />);
}

describe("the stats pages' gate for restricted profiles", () => {
  it("asks a guest to log in and come back, instead of a raw 401", () => {
    const html = render(401);
    expect(html).toContain("These stats are for registered members");
    expect(html).toContain(
      `href="/login?redirect=${encodeURIComponent("/stats/chaturbate/mia?tab=statistics")}"`,
    );
    expect(html).not.toContain("Unauthenticated");
  });

  it("tells a member that only the model sees them, without a log-in button", () => {
    const html = render(403);
    expect(html).toContain("These stats are private");
    expect(html).not.toContain("/login");
  });
});
