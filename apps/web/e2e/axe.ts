import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Every rule axe-core knows for a WCAG 2.0, 2.1 or 2.2 success criterion of level A or AA, read from the
 * installed axe-core's own metadata rather than listed by hand: a rule a new axe version adds (as 4.14 did
 * with "label in name", WCAG 2.5.3) is run the day the dependency moves. Rules axe marks experimental or
 * deprecated are included: they are asked for by name, so axe runs them.
 */
const WCAG_A_AA = /^wcag\d*a{1,2}$/;
const axeCore = createRequire(import.meta.url)("axe-core") as {
  getRules(): { ruleId: string; tags: string[] }[];
};
export const WCAG_RULES = axeCore
  .getRules()
  .filter((rule) => rule.tags.some((tag) => WCAG_A_AA.test(tag)))
  .map((rule) => rule.ruleId);

export interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  count: number;
}

/**
 * The axe violations of the open page (any impact), or of the part `include` selects. Legacy mode runs axe
 * in the page itself: the default mode finishes each analysis in a new blank page, 1.5 s of the 2.1 s an
 * analysis took (measured over thirty screens of the walk); the app has no cross-origin frame, the one thing
 * legacy mode does not reach.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withRules(WCAG_RULES);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    // The selector and the start of the element's markup: Mantine's generated ids alone say nothing.
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} ${n.html.slice(0, 140)}`),
    count: v.nodes.length,
  }));
}
