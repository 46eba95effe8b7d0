import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.js";
import { rowBadges } from "./badges.js";
import { formatCell } from "./cell.js";
import {
  formatContact,
  formatContactDetails,
  formatContractStatus,
  formatDisplayValue,
  formatLinkOfInterest,
  formatSpecification,
} from "./display.js";
import { NOTIFICATION_MESSAGES } from "./notifications.js";

describe("contact", () => {
  it("shows name | phone in pairs | email", () => {
    const contact = { firstName: "Claire", lastName: "Martin", tel: "0612345678", email: "c.martin@essms.fr" };
    expect(formatContact(contact)).toBe("Claire Martin | 06 12 34 56 78 | c.martin@essms.fr");
  });

  it("skips empty parts", () => {
    expect(formatContact({ firstName: "Claire", lastName: null, tel: "", email: "c@e.fr" })).toBe("Claire | c@e.fr");
    expect(formatContact(null)).toBe("");
  });

  it("builds the contactName tooltip from occupation, mobile and e-mail", () => {
    const details = formatContactDetails({ occupation: "Directrice", mobilePhone: "0698765432", email: "d@e.fr" });
    expect(details).toBe("Directrice | 06 98 76 54 32 | d@e.fr");
  });
});

describe("column displays", () => {
  it("specification: 'true' or true is oui, anything else non", () => {
    expect(formatSpecification("true")).toBe("oui");
    expect(formatSpecification(true)).toBe("oui");
    expect(formatSpecification("false")).toBe("non");
    expect(formatSpecification(null)).toBe("non");
  });

  it("displayValue: Aucun when empty", () => {
    expect(formatDisplayValue("")).toBe("Aucun");
    expect(formatDisplayValue(null)).toBe("Aucun");
    expect(formatDisplayValue("Référentiel")).toBe("Référentiel");
  });

  it("link of interest: '-' when empty", () => {
    expect(formatLinkOfInterest(undefined)).toBe("-");
    expect(formatLinkOfInterest("Jean Dupont")).toBe("Jean Dupont");
  });

  it("contract status: Refus for REFUSE, En cours otherwise", () => {
    expect(formatContractStatus("REFUSE")).toBe("Refus");
    expect(formatContractStatus("SENT")).toBe("En cours");
    expect(formatContractStatus(null)).toBe("En cours");
  });

  it("formatCell applies the rule of each column key", () => {
    expect(formatCell("evaluationDate", null)).toBe("à programmer");
    expect(formatCell("dateRelance", "2024-03-05")).toBe("05/03/2024");
    expect(formatCell("createdAt", "2024-03-05")).toBe("05/03/2024");
    expect(formatCell("unitPrice", 1500)).toBe("1\u00a0500,00\u00a0€");
    expect(formatCell("specification", "true")).toBe("oui");
    expect(formatCell("displayValue", "")).toBe("Aucun");
    expect(formatCell("auditorsHasLinkSalarieInEssmsOfSamePostalCodeDisplayName", null)).toBe("-");
    expect(formatCell("contact", { firstName: "A", lastName: "B", tel: "0102030405" })).toBe("A B | 01 02 03 04 05");
    expect(formatCell("raisonSocial", "EHPAD Les Tilleuls")).toBe("EHPAD Les Tilleuls");
    expect(formatCell("isExistEmail", true)).toBe("oui");
    expect(formatCell("toString", null)).toBe("");
  });
});

describe("rowBadges", () => {
  it("returns M, G and GST with the manager's name as tooltip", () => {
    const badges = rowBadges({
      isMultiClient: true,
      isRegroupingClient: true,
      isGestionnaire: true,
      gestionnaireRaisonSocial: "Association Horizon",
    });
    expect(badges.map((b) => b.code)).toEqual(["M", "G", "GST"]);
    expect(badges[2]?.tooltip).toBe("Association Horizon");
  });

  it("returns nothing for a plain row and accepts 'true' strings", () => {
    expect(rowBadges({ isMultiClient: false })).toEqual([]);
    expect(rowBadges({ isRegroupingClient: "true" }).map((b) => b.code)).toEqual(["G"]);
    expect(rowBadges(null)).toEqual([]);
  });
});

describe("notification messages", () => {
  it("reuse the message catalogue", () => {
    expect(NOTIFICATION_MESSAGES.success).toBe("Les données ont été sauvegardées");
    expect(NOTIFICATION_MESSAGES.error).toBe(MESSAGES.genericError);
  });
});
