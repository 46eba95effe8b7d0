import { formatCurrency, formatDate, formatDecimal, INVOICE_KIND_LABELS, vatRateLabel } from "@certidesk/shared";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import { buildFacturXml, FACTUR_X_FILE_NAME, facturXmp } from "./factur-x.js";
import {
  type InvoiceDocumentData,
  latePaymentMention,
  paymentTermsMention,
  sirenOf,
  VAT_EXEMPTION_REASON,
} from "./invoice-document.js";

const money = (cents: number) => formatCurrency(cents / 100);

function partyStack(title: string, p: InvoiceDocumentData["seller"], extra: string[] = []) {
  const siren = p.siren ?? sirenOf(p.siret);
  return [
    { text: title, style: "small" },
    { text: p.name, bold: true },
    ...(p.legalForm ? [{ text: p.legalForm }] : []),
    ...(p.address ? [{ text: p.address }] : []),
    { text: [p.postalCode, p.city].filter(Boolean).join(" ") },
    ...(siren ? [{ text: `SIREN ${siren}`, fontSize: 8 }] : []),
    ...(p.siret ? [{ text: `SIRET ${p.siret}`, fontSize: 8 }] : []),
    ...(p.vatNumber ? [{ text: `TVA intracommunautaire ${p.vatNumber}`, fontSize: 8 }] : []),
    ...extra.map((t) => ({ text: t, fontSize: 8 })),
  ];
}

/**
 * The invoice or credit note as a Factur-X file: the readable PDF (every mandatory mention) as a
 * PDF/A-3b, with the CII XML built from the same data embedded as `factur-x.xml`.
 */
export async function renderInvoicePdf(identity: CompanyIdentity, d: InvoiceDocumentData) {
  const title = d.kind === "CREDIT_NOTE" ? `Avoir n° ${d.number}` : `Facture n° ${d.number}`;
  const kindLabel = d.kind === "DEPOSIT" ? ` (${INVOICE_KIND_LABELS.DEPOSIT.toLowerCase()})` : "";
  const buyerExtra = [
    d.buyerReference.buyerSiret ? `SIRET (Chorus Pro) ${d.buyerReference.buyerSiret}` : null,
    d.buyerReference.serviceCode ? `Code service ${d.buyerReference.serviceCode}` : null,
    d.buyerReference.engagementNumber ? `N° d'engagement ${d.buyerReference.engagementNumber}` : null,
  ].filter((t): t is string => t !== null);
  const body = [
    [
      { text: "Désignation", style: "tableHeader" },
      { text: "Qté", style: "tableHeader", alignment: "right" },
      { text: "PU HT", style: "tableHeader", alignment: "right" },
      { text: "TVA", style: "tableHeader", alignment: "right" },
      { text: "Total HT", style: "tableHeader", alignment: "right" },
    ],
    ...d.lines.map((l) => [
      l.label,
      { text: formatDecimal(l.quantity), alignment: "right" },
      { text: money(l.unitPriceCents), alignment: "right" },
      { text: vatRateLabel(l.vatRate), alignment: "right" },
      { text: money(l.totalHtCents), alignment: "right" },
    ]),
  ];
  const totals = [
    ["Total HT", { text: money(d.totals.totalHtCents), alignment: "right" }],
    ...d.totals.vat.map((v) => [
      v.vatRate === 0
        ? `TVA exonéré (base ${money(v.baseCents)})`
        : `TVA ${vatRateLabel(v.vatRate)} sur ${money(v.baseCents)}`,
      { text: money(v.vatCents), alignment: "right" },
    ]),
    [
      { text: d.kind === "CREDIT_NOTE" ? "Total TTC de l'avoir" : "Total TTC à payer", bold: true },
      { text: money(d.totals.totalTtcCents), alignment: "right", bold: true },
    ],
  ];
  const content = [
    { text: `${title}${kindLabel}`, style: "title" },
    {
      columns: [{ stack: partyStack("Émetteur", d.seller) }, { stack: partyStack("Client", d.buyer, buyerExtra) }],
      margin: [0, 0, 0, 12],
    },
    {
      stack: [
        `Date d'émission : ${formatDate(d.issueDate)}`,
        ...(d.deliveryDate ? [`Date de la prestation : ${formatDate(d.deliveryDate)}`] : []),
        `Date d'échéance : ${formatDate(d.dueDate)}`,
        `Contrat : ${d.contractNumber}`,
        ...(d.establishment ? [`Établissement évalué : ${d.establishment}`] : []),
        ...(d.creditedInvoice
          ? [`Avoir sur la facture n° ${d.creditedInvoice.number} du ${formatDate(d.creditedInvoice.issueDate)}`]
          : []),
        ...(d.creditReason ? [`Motif : ${d.creditReason}`] : []),
      ],
      margin: [0, 0, 0, 12],
    },
    { table: { headerRows: 1, widths: ["*", 40, 75, 45, 80], body }, layout: "lightHorizontalLines" },
    {
      margin: [0, 10, 0, 0],
      columns: [
        { text: "" },
        { width: 260, table: { widths: ["*", 90], body: totals }, layout: "lightHorizontalLines" },
      ],
    },
    ...(d.totals.vat.some((v) => v.vatRate === 0)
      ? [{ text: VAT_EXEMPTION_REASON, style: "small", margin: [0, 8, 0, 0] }]
      : []),
    ...(d.notes ? [{ text: d.notes, margin: [0, 8, 0, 0] }] : []),
    { text: "Conditions de paiement", style: "subtitle" },
    { text: `${paymentTermsMention(d.terms)} Échéance : ${formatDate(d.dueDate)}.` },
    ...(d.terms.iban
      ? [{ text: `Règlement par virement : IBAN ${d.terms.iban}${d.terms.bic ? ` — BIC ${d.terms.bic}` : ""}` }]
      : []),
    { text: latePaymentMention(d.terms), style: "small", margin: [0, 6, 0, 0] },
    {
      text: "Facture électronique Factur-X (EN 16931) : les données structurées sont jointes à ce PDF (factur-x.xml).",
      style: "small",
      margin: [0, 6, 0, 0],
    },
  ];
  const xml = buildFacturXml(d);
  const data = await renderPdf(identity, title, content, {
    creationDate: d.issuedAt,
    pdfA3: {
      file: {
        name: FACTUR_X_FILE_NAME,
        data: xml,
        mimeType: "text/xml",
        relationship: "Alternative",
        description: "Factur-X invoice (EN 16931)",
      },
      xmp: facturXmp(),
    },
  });
  return { data, xml };
}
