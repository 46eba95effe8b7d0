import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { parseStatement } from "./parse-statement.js";

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../../test/fixtures/bank", name));
const refusal = (data: string | Buffer) => {
  try {
    parseStatement(Buffer.isBuffer(data) ? data : Buffer.from(data));
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
  }
  return null;
};

describe("bank statement files", () => {
  it("reads a camt.053: booked entries only, credits and debits, the bank's references as identities", () => {
    const s = parseStatement(fixture("releve-camt053.xml"));
    expect(s.format).toBe("CAMT053");
    expect(s.accountIban).toBe("FR7630004000031234567890143");
    expect(s.lines.map(({ key, ...l }) => l)).toEqual([
      {
        bookingDate: "2026-05-15",
        amountCents: 117_000,
        label: "FACTURE F-2026-0012 ACOMPTE EVALUATION",
        reference: null,
        counterparty: "ASSOCIATION LES GLYCINES",
      },
      {
        bookingDate: "2026-05-15",
        amountCents: 273_000,
        label: "VIR DRFIP AUVERGNE RHONE ALPES",
        reference: "F20260015",
        counterparty: "DRFIP AUVERGNE RHONE ALPES",
      },
      {
        bookingDate: "2026-05-15",
        amountCents: -45_000,
        label: "PRLV SEPA URSSAF RHONE ALPES",
        reference: null,
        counterparty: null,
      },
      {
        bookingDate: "2026-05-15",
        amountCents: 123_456,
        label: "REMISE CHEQUES 2 CHQ BORDEREAU 0042 & 0043",
        reference: null,
        counterparty: null,
      },
    ]);
    const keys = s.lines.map((l) => l.key);
    expect(keys.slice(0, 3)).toEqual([
      "camt:FR7630004000031234567890143:2026051500012345",
      "camt:FR7630004000031234567890143:ntry:E2",
      "camt:FR7630004000031234567890143:2026051500012399",
    ]);
    expect(keys[3]).toMatch(/^camt:FR7630004000031234567890143:[0-9a-f]{40}$/);
    expect(parseStatement(fixture("releve-camt053.xml")).lines.map((l) => l.key)).toEqual(keys);
  });

  it("reads a French bank's CSV in Windows-1252: preamble, Débit and Crédit columns, decimal comma, twin lines kept apart", () => {
    const s = parseStatement(fixture("releve.csv"));
    expect(s.format).toBe("CSV");
    expect(s.lines.map((l) => [l.bookingDate, l.amountCents, l.label])).toEqual([
      ["2026-05-15", 117_000, "VIR SEPA RECU /DE ASSOCIATION LES GLYCINES FACTURE F-2026-0012"],
      ["2026-05-15", 273_000, "VIR DRFIP AUVERGNE RHONE ALPES F20260015"],
      ["2026-05-15", -45_000, "PRLV SEPA URSSAF RHONE ALPES"],
      ["2026-05-15", 123_456, "REMISE CHEQUES 2 CHQ BORDEREAU 0042"],
      ["2026-05-15", 123_456, "REMISE CHEQUES 2 CHQ BORDEREAU 0042"],
    ]);
    const keys = s.lines.map((l) => l.key);
    expect(new Set(keys).size).toBe(5);
    expect(parseStatement(fixture("releve.csv")).lines.map((l) => l.key)).toEqual(keys);
  });

  it("reads a comma-separated CSV with one amount column, quoted French amounts and ISO dates", () => {
    const s = parseStatement(
      Buffer.from('Date,Label,Amount\n2026-05-14,"VIR CLIENT, SOLDE","1 020,50"\n14/05/26,FRAIS,-3.20\n'),
    );
    expect(s.lines.map((l) => [l.bookingDate, l.amountCents, l.label])).toEqual([
      ["2026-05-14", 102_050, "VIR CLIENT, SOLDE"],
      ["2026-05-14", -320, "FRAIS"],
    ]);
  });

  it("reads a CSV without header as date, label, amount", () => {
    const s = parseStatement(Buffer.from("15/05/2026;VIR F-2026-0001;1080,00\n"));
    expect(s.lines.map((l) => [l.bookingDate, l.amountCents])).toEqual([["2026-05-15", 108_000]]);
  });

  it("refuses what is not a statement, another currency, three decimals, a bad date, with a French message (422)", () => {
    const camt = fixture("releve-camt053.xml").toString("utf8");
    const cases: Array<[string | Buffer, RegExp]> = [
      [Buffer.from("%PDF-1.4\n\u0000\u0001binary"), /ni un relevé camt\.053 \(XML\) ni un CSV/],
      ["Bonjour, voici notre relevé", /ni un relevé camt\.053 \(XML\) ni un CSV/],
      ["<html><body>relevé</body></html>", /n'est pas un relevé camt\.053/],
      ["<Document><BkToCstmrStmt>", /mal formé/],
      [camt.replace('<Amt Ccy="EUR">1170.00', '<Amt Ccy="USD">1170.00'), /montant en USD/],
      [camt.replace("<Ccy>EUR</Ccy>", "<Ccy>CHF</Ccy>"), /tenu en CHF/],
      [camt.replace("1170.00", "1170.005"), /Écriture 1 du relevé : le montant « 1170\.005 » a 3 décimales/],
      [camt.replace("<?xml", '<!DOCTYPE x [<!ENTITY a "b">]><?xml'), /DOCTYPE/],
      ["Date;Libellé;Montant\n15/05/2026;VIR;12,345\n", /Ligne 2 : le montant « 12,345 » a 3 décimales/],
      ["Date;Libellé;Montant\n31/02/2026;VIR;12,34\n", /Ligne 2 : date illisible « 31\/02\/2026 »/],
      ["Date;Libellé;Montant\n15/05/2026;VIR;douze\n", /Ligne 2 : montant illisible « douze »/],
      ["Date;Nom;Valeur\n15/05/2026;VIR;12\n", /L'en-tête du CSV doit nommer une date, un libellé et un montant/],
      ["", /vide/],
    ];
    for (const [data, message] of cases) {
      const r = refusal(data);
      expect(r?.status, String(data).slice(0, 60)).toBe(422);
      expect(r?.message).toMatch(message);
    }
  });
});
