import { SaxesParser } from "saxes";

/**
 * What the project itself checks of a Factur-X XML, with its own dependencies (the full EN 16931
 * rules run in the outside validator, see docs/development.md): well-formed, the EN 16931 guideline, the
 * business terms every invoice carries, and the totals' arithmetic (BR-CO-10, 13, 15, 17).
 * Answers the problems found, in French; empty when none.
 */
export function checkFacturX(xml: string): string[] {
  const problems: string[] = [];
  const values = new Map<string, string[]>();
  const stack: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  let text = "";
  parser.on("error", (e) => {
    problems.push(`XML mal formé : ${e.message}`);
  });
  parser.on("opentag", (tag) => {
    stack.push(tag.local);
    text = "";
  });
  parser.on("text", (t) => {
    text += t;
  });
  parser.on("closetag", () => {
    const path = stack.join("/");
    values.set(path, [...(values.get(path) ?? []), text.trim()]);
    stack.pop();
    text = "";
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    problems.push(`XML mal formé : ${(e as Error).message}`);
    return problems;
  }
  const at = (suffix: string) => [...values.entries()].filter(([k]) => k.endsWith(suffix)).flatMap(([, v]) => v);
  const one = (suffix: string) => at(suffix)[0];
  const cents = (v: string | undefined) => Math.round(Number(v ?? "NaN") * 100);

  const required: Array<[string, string]> = [
    ["BT-24 (profil)", "GuidelineSpecifiedDocumentContextParameter/ID"],
    ["BT-1 (numéro)", "ExchangedDocument/ID"],
    ["BT-3 (type)", "ExchangedDocument/TypeCode"],
    ["BT-2 (date)", "IssueDateTime/DateTimeString"],
    ["BT-5 (devise)", "InvoiceCurrencyCode"],
    ["BT-27 (vendeur)", "SellerTradeParty/Name"],
    ["BT-31 (TVA du vendeur)", "SellerTradeParty/SpecifiedTaxRegistration/ID"],
    ["BT-40 (pays du vendeur)", "SellerTradeParty/PostalTradeAddress/CountryID"],
    ["BT-44 (acheteur)", "BuyerTradeParty/Name"],
    ["BT-55 (pays de l'acheteur)", "BuyerTradeParty/PostalTradeAddress/CountryID"],
    ["BT-106 (total des lignes)", "SpecifiedTradeSettlementHeaderMonetarySummation/LineTotalAmount"],
    ["BT-109 (total HT)", "TaxBasisTotalAmount"],
    ["BT-110 (total TVA)", "TaxTotalAmount"],
    ["BT-112 (total TTC)", "GrandTotalAmount"],
    ["BT-115 (net à payer)", "DuePayableAmount"],
  ];
  for (const [label, suffix] of required) if (!one(suffix)) problems.push(`Champ obligatoire absent : ${label}`);
  if (one("GuidelineSpecifiedDocumentContextParameter/ID") !== "urn:cen.eu:en16931:2017")
    problems.push("Le profil n'est pas EN 16931.");
  if (!["380", "381", "386"].includes(one("ExchangedDocument/TypeCode") ?? ""))
    problems.push("Type de document inconnu.");

  const lineTotals = at("SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount").map(cents);
  if (lineTotals.length === 0) problems.push("La facture n'a aucune ligne (BG-25).");
  const sumLines = lineTotals.reduce((a, b) => a + b, 0);
  const header = cents(one("SpecifiedTradeSettlementHeaderMonetarySummation/LineTotalAmount"));
  if (sumLines !== header) problems.push("BR-CO-10 : la somme des lignes ne fait pas le total des lignes.");
  const bases = at("ApplicableHeaderTradeSettlement/ApplicableTradeTax/BasisAmount").map(cents);
  const taxes = at("ApplicableHeaderTradeSettlement/ApplicableTradeTax/CalculatedAmount").map(cents);
  const rates = at("ApplicableHeaderTradeSettlement/ApplicableTradeTax/RateApplicablePercent").map(Number);
  if (bases.reduce((a, b) => a + b, 0) !== cents(one("TaxBasisTotalAmount")))
    problems.push("Les bases de TVA ne font pas le total HT.");
  if (taxes.reduce((a, b) => a + b, 0) !== cents(one("TaxTotalAmount")))
    problems.push("BR-CO-14 : les montants de TVA par taux ne font pas le total de TVA.");
  bases.forEach((base, i) => {
    const expected = Math.round((base * (rates[i] ?? 0)) / 100);
    if (Math.abs(expected - (taxes[i] ?? 0)) > 1) problems.push(`BR-CO-17 : TVA du taux ${rates[i]} % incohérente.`);
  });
  if (cents(one("TaxBasisTotalAmount")) + cents(one("TaxTotalAmount")) !== cents(one("GrandTotalAmount")))
    problems.push("BR-CO-15 : le total TTC n'est pas le total HT plus la TVA.");
  return problems;
}
