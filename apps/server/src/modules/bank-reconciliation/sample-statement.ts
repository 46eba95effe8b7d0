import { createHash } from "node:crypto";
import { formatDate } from "@certidesk/shared";
import type { OpenInvoice } from "./bank-reconciliation.repository.js";

interface SampleEntry {
  ref: string;
  cents: number;
  label: string;
  structured?: string;
  debtor: string;
}

const xmlEscape = (v: string) => v.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const decimal = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
const refOf = (seed: string) => createHash("sha256").update(seed).digest("hex").slice(0, 16).toUpperCase();

/**
 * The demonstration's statement of the day: transfers paying the first open invoices (one naming the
 * invoice in its label, one by structured reference, one by amount and payer's name only), a cheque
 * deposit no invoice explains and a direct debit. The bank references derive from the invoices: the
 * same statement downloaded twice imports once.
 */
export function sampleEntries(open: OpenInvoice[], today: string): SampleEntry[] {
  const [first, second, third] = open;
  const entries: SampleEntry[] = [];
  if (first)
    entries.push({
      ref: refOf(`${first.id}:label`),
      cents: first.dueCents,
      label: `VIR SEPA RECU /DE ${first.buyer.name.toUpperCase()} /MOTIF FACTURE ${first.number}`,
      debtor: first.buyer.name,
    });
  if (second)
    entries.push({
      ref: refOf(`${second.id}:structured`),
      cents: second.dueCents,
      label: `VIREMENT ${second.buyer.name.toUpperCase()}`,
      structured: `${second.number}`,
      debtor: second.buyer.name,
    });
  if (third)
    entries.push({
      ref: refOf(`${third.id}:amount`),
      cents: third.dueCents,
      label: `VIR ${third.clientName.toUpperCase()} REGLEMENT EVALUATION`,
      debtor: third.clientName,
    });
  entries.push({
    ref: refOf(`${today}:cheques`),
    cents: 123_456,
    label: "REMISE CHEQUES 2 CHQ BORDEREAU 0042",
    debtor: "",
  });
  entries.push({ ref: refOf(`${today}:urssaf`), cents: -85_000, label: "PRLV SEPA URSSAF ILE DE FRANCE", debtor: "" });
  return entries;
}

/** The entries as the bank's camt.053.001.08 file (one statement, one account in euros). */
export function renderCamt053(entries: SampleEntry[], today: string, iban: string): string {
  const ntry = entries
    .map(
      (e) => `      <Ntry>
        <NtryRef>${e.ref.slice(0, 8)}</NtryRef>
        <Amt Ccy="EUR">${decimal(e.cents)}</Amt>
        <CdtDbtInd>${e.cents < 0 ? "DBIT" : "CRDT"}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${today}</Dt></BookgDt>
        <ValDt><Dt>${today}</Dt></ValDt>
        <AcctSvcrRef>${e.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${e.cents < 0 ? "IDDT" : "RCDT"}</Cd><SubFmlyCd>${e.cents < 0 ? "ESDD" : "ESCT"}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>${e.debtor ? `\n          <RltdPties><Dbtr><Pty><Nm>${xmlEscape(e.debtor)}</Nm></Pty></Dbtr></RltdPties>` : ""}
          <RmtInf>${e.structured ? `<Strd><CdtrRefInf><Ref>${xmlEscape(e.structured)}</Ref></CdtrRefInf></Strd>` : `<Ustrd>${xmlEscape(e.label)}</Ustrd>`}</RmtInf>
        </TxDtls></NtryDtls>
        <AddtlNtryInf>${xmlEscape(e.label)}</AddtlNtryInf>
      </Ntry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>DEMO-${today}</MsgId><CreDtTm>${today}T20:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>DEMO-${today}</Id>
      <CreDtTm>${today}T20:00:00+01:00</CreDtTm>
      <FrToDt><FrDtTm>${today}T00:00:00+01:00</FrDtTm><ToDtTm>${today}T23:59:59+01:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** The same entries as a French bank's CSV export (semicolons, decimal comma, Débit and Crédit columns). */
export function renderBankCsv(entries: SampleEntry[], today: string): string {
  const amount = (cents: number) => decimal(cents).replace(".", ",");
  const rows = entries.map((e) =>
    [
      formatDate(today),
      `"${(e.structured ? `${e.label} ${e.structured}` : e.label).replace(/"/g, '""')}"`,
      e.cents < 0 ? amount(e.cents) : "",
      e.cents > 0 ? amount(e.cents) : "",
    ].join(";"),
  );
  return `Date;Libellé;Débit euros;Crédit euros\r\n${rows.join("\r\n")}\r\n`;
}
