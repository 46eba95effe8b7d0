import { ALERT_PAGES, type AlertPageCode } from "@certidesk/shared";

/** One new alert as the digest lists it. */
export interface DigestItem {
  page: AlertPageCode;
  title: string;
  raisonSocial: string | null;
  postalCode: string | null;
  displayValue: string | null;
  link: string;
}

/** How many rows of each page the mail shows; the rest are counted and left to the alerts screen. */
export const ROWS_PER_PAGE = 5;

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The digest's body, page by page in the landing page's order: the count of new alerts, then the
 * first rows with their links (absolute, the mail is read outside the app).
 */
export function digestSummary(items: readonly DigestItem[], publicUrl: string): string {
  const blocks: string[] = [];
  for (const page of ALERT_PAGES) {
    const mine = items.filter((i) => i.page === page.code);
    if (mine.length === 0) continue;
    const lines = mine.slice(0, ROWS_PER_PAGE).map((i) => {
      const who = [i.raisonSocial, i.postalCode ? `(${i.postalCode})` : null].filter(Boolean).join(" ") || "—";
      return `- ${i.title} : ${who}${i.displayValue ? ` — ${i.displayValue}` : ""}\n  ${publicUrl}${i.link}`;
    });
    const rest = mine.length - ROWS_PER_PAGE;
    if (rest > 0) lines.push(`- et ${plural(rest, "autre", "autres")} : ${publicUrl}/app/alert`);
    blocks.push(`${page.label} : ${plural(mine.length, "nouvelle alerte", "nouvelles alertes")}\n${lines.join("\n")}`);
  }
  return blocks.join("\n\n");
}
