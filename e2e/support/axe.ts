import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Opens `path` and lists its serious and critical axe violations as `path rule: targets` lines (none: []).
 *
 * Axe runs in legacy mode: once, inside the page. The default mode (runPartial) injects axe-core's half-megabyte
 * script three times and opens a blank page to merge the results, which only matters for cross-origin frames: our
 * pages have none, the findings are the same, and a scan is 2–3× faster (the accessibility tests ran past 60 s
 * on a loaded machine).
 */
export async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
