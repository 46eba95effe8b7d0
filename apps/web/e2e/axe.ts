import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.2 AA, as axe-core tags it. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface SeriousViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  count: number;
}

/**
 * The serious and critical axe violations of the open page, or of the part `include` selects. Legacy mode
 * runs axe in the page itself: the default mode finishes each analysis in a new blank page, 1.5 s of the
 * 2.1 s an analysis took (measured over thirty screens of the walk); the app has no cross-origin frame,
 * the one thing legacy mode does not reach.
 */
export async function seriousViolations(page: Page, include?: string): Promise<SeriousViolation[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(TAGS);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      count: v.nodes.length,
    }));
}
