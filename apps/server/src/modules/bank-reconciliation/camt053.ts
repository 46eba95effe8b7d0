import { XMLParser, XMLValidator } from "fast-xml-parser";
import { unprocessable } from "../../lib/errors.js";
import { cleanText, hashKeys, MAX_STATEMENT_LINES, type ParsedStatement, parseAmount } from "./statement-line.js";

type Node = Record<string, unknown>;
const ARRAYS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd"]);

const obj = (v: unknown): Node => (v && typeof v === "object" && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v === undefined ? [] : [obj(v)]);
const text = (v: unknown): string =>
  typeof v === "string"
    ? v
    : typeof v === "number"
      ? String(v)
      : typeof obj(v)["#text"] === "string"
        ? String(obj(v)["#text"])
        : "";
const strings = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(text);
const at = (v: unknown, ...path: string[]): unknown => path.reduce((node, key) => obj(node)[key], v);
const present = (v: string) => (v && v !== "NOTPROVIDED" ? cleanText(v) : null);

/**
 * An ISO 20022 camt.053 statement (BkToCstmrStmt, versions 02 to 08): the booked entries of each statement,
 * credits positive, debits negative. The line's identity is the bank's AcctSvcrRef, else its NtryRef, else
 * a hash. Refused (422): malformed XML, a DOCTYPE (never in a statement; no entity is expanded), an account
 * or an entry in another currency than the euro, an amount with more than two decimals.
 */
export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw unprocessable("Ce fichier XML déclare un DOCTYPE : un relevé camt.053 n'en a pas. Rien n'a été importé.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw unprocessable(`Le fichier XML est mal formé (ligne ${valid.err.line}) : rien n'a été importé.`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ARRAYS.has(name),
  }).parse(xml) as Node;
  const root = at(parsed, "Document", "BkToCstmrStmt");
  if (!root || typeof root !== "object")
    throw unprocessable(
      "Ce fichier XML n'est pas un relevé camt.053 (élément BkToCstmrStmt absent) : exportez le relevé de la banque au format camt.053 ou CSV.",
    );
  const statements = list(obj(root).Stmt);
  let iban: string | null = null;
  const lines: Array<Omit<ParsedStatement["lines"][number], "key"> & { bankKey: string | null }> = [];
  for (const stmt of statements) {
    iban ??= present(text(at(stmt, "Acct", "Id", "IBAN")));
    const accountCurrency = text(at(stmt, "Acct", "Ccy"));
    if (accountCurrency && accountCurrency !== "EUR")
      throw unprocessable(
        `Ce relevé est tenu en ${accountCurrency} : seuls les comptes en euros se rapprochent des factures. Rien n'a été importé.`,
      );
    list(stmt.Ntry).forEach((entry, index) => {
      const where = `Écriture ${index + 1} du relevé`;
      const amount = entry.Amt;
      const currency = String(obj(amount)["@Ccy"] ?? "");
      if (currency !== "EUR")
        throw unprocessable(
          `${where} : montant en ${currency || "devise inconnue"} ; seuls les relevés en euros (EUR) s'importent. Rien n'a été importé.`,
        );
      const status = text(entry.Sts) || text(at(entry, "Sts", "Cd"));
      if (status && status !== "BOOK") return;
      const cents = parseAmount(text(amount), where);
      const direction = text(entry.CdtDbtInd);
      if (direction !== "CRDT" && direction !== "DBIT") throw unprocessable(`${where} : sens (CdtDbtInd) illisible.`);
      const bookingDate = (text(at(entry, "BookgDt", "Dt")) || text(at(entry, "BookgDt", "DtTm"))).slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(bookingDate)) throw unprocessable(`${where} : date de comptabilisation absente.`);
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const remittance = details.flatMap((d) => strings(at(d, "RmtInf", "Ustrd")));
      const structured = details.map((d) => text(at(d, "RmtInf", "Strd", "CdtrRefInf", "Ref"))).find(Boolean) ?? "";
      const endToEnd = details.map((d) => text(at(d, "Refs", "EndToEndId"))).find((r) => present(r)) ?? "";
      const debtor = details
        .map((d) => text(at(d, "RltdPties", "Dbtr", "Nm")) || text(at(d, "RltdPties", "Dbtr", "Pty", "Nm")))
        .find(Boolean);
      const label =
        cleanText([...new Set(remittance.filter(Boolean))].join(" ")) || cleanText(text(entry.AddtlNtryInf));
      const bankRef =
        present(text(entry.AcctSvcrRef)) ??
        (present(text(entry.NtryRef)) ? `ntry:${cleanText(text(entry.NtryRef))}` : null);
      lines.push({
        bankKey: bankRef,
        bookingDate,
        amountCents: direction === "DBIT" ? -cents : cents,
        label: label || "(sans libellé)",
        reference: present(structured) ?? present(endToEnd),
        counterparty: debtor ? cleanText(debtor) : null,
      });
    });
  }
  if (lines.length > MAX_STATEMENT_LINES)
    throw unprocessable(`Le relevé a plus de ${MAX_STATEMENT_LINES} écritures : importez-le en plusieurs fichiers.`);
  const account = iban ?? "compte";
  const hashed = hashKeys(lines, `camt:${account}`);
  return {
    format: "CAMT053",
    accountIban: iban,
    lines: hashed.map(({ bankKey, key, ...l }) => ({ ...l, key: bankKey ? `camt:${account}:${bankKey}` : key })),
  };
}
