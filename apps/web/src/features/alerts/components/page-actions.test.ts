import { describe, expect, it } from "vitest";
import { alertRow } from "./alert-fixture.test-data";
import { MENU_CODES, menuEntries } from "./page-actions";

describe("menuEntries", () => {
  it("never gives two entries of one menu the same title", () => {
    const satisfaction = alertRow({
      page: "ALERT_PERFORMANCE",
      formattedActionMener: "Envoyer aux évaluateurs",
      isSendSatisfactionToAuditor: true,
    });
    for (const row of [alertRow(), satisfaction]) {
      const { actions, retroactive } = menuEntries(row, false);
      const titles = [...actions, ...retroactive].map((e) => e.label);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it("on a satisfaction row, says which entry opens the mission and which sends the answers", () => {
    const row = alertRow({ page: "ALERT_PERFORMANCE", isSendSatisfactionToAuditor: true });
    const { actions } = menuEntries(row, false);
    expect(actions.find((e) => e.code === MENU_CODES.OPEN)?.label).toBe("Ouvrir la satisfaction de la mission");
    expect(actions.find((e) => e.code === MENU_CODES.SEND_SATISFACTION)?.label).toBe(
      "Envoyer les réponses aux évaluateurs",
    );
  });
});
