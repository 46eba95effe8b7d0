import {
  formatCurrency,
  formatDate,
  formatDays,
  quoteLabel,
  REQUEST_SERVICE_LABELS,
  type RequestService,
  travelExpenseLabel,
  vatRateLabel,
} from "@certidesk/shared";
import type { quoteLines, quotes } from "../../db/schema/index.js";
import { establishmentsBlock, partyBlock } from "../../lib/pdf/party-blocks.js";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import type { QuoteContext } from "./quotes.repository.js";

type Quote = typeof quotes.$inferSelect;
type Line = typeof quoteLines.$inferSelect;

/** The quote as the client receives it: lines, travel expenses, VAT, totals and terms. */
export function renderQuotePdf(identity: CompanyIdentity, quote: Quote, lines: Line[], ctx: QuoteContext) {
  const money = (v: number | null) => formatCurrency(v);
  const service = REQUEST_SERVICE_LABELS[ctx.request.service as RequestService] ?? ctx.request.service;
  const travel =
    quote.travelExpenseMode === 3
      ? [`Frais de déplacement (${travelExpenseLabel(3)})`, "", "", "", money(quote.travelExpenseAmount)]
      : null;
  const body = [
    [
      { text: "Prestation", style: "tableHeader" },
      { text: "Jours", style: "tableHeader", alignment: "right" },
      { text: "Prix unitaire HT", style: "tableHeader", alignment: "right" },
      { text: "Qté", style: "tableHeader", alignment: "right" },
      { text: "Total HT", style: "tableHeader", alignment: "right" },
    ],
    ...lines.map((l) => [
      l.service,
      { text: formatDays(l.days), alignment: "right" },
      { text: money(l.unitPrice), alignment: "right" },
      { text: String(l.quantity), alignment: "right" },
      { text: money(l.total), alignment: "right" },
    ]),
    ...(travel ? [travel.map((t, i) => ({ text: t, alignment: i === 0 ? "left" : "right" }))] : []),
  ];
  const travelNote =
    quote.travelExpenseMode === 1
      ? "Frais de déplacement en sus : refacturés au réel sur justificatifs (transport, hébergement, repas)."
      : quote.travelExpenseMode === 2
        ? "Frais de déplacement inclus dans le prix."
        : `Frais de déplacement : forfait de ${money(quote.travelExpenseAmount)} HT.`;
  const vat = Number(quote.vatRate) === 0 ? "TVA (exonéré)" : `TVA (${vatRateLabel(quote.vatRate)})`;
  const content = [
    { text: `Devis n° ${quoteLabel(quote)}`, style: "title" },
    {
      columns: [
        {
          stack: [
            { text: `Date : ${formatDate(quote.createdAt)}` },
            { text: quote.validUntil ? `Valable jusqu'au ${formatDate(quote.validUntil)}` : "" },
            { text: `Demande ${ctx.request.reference}` },
          ],
        },
        { stack: partyBlock(ctx) },
      ],
      margin: [0, 0, 0, 12],
    },
    { text: `Objet : ${service}`, style: "subtitle" },
    { text: ctx.establishments.length > 1 ? "Établissements concernés :" : "Établissement concerné :" },
    establishmentsBlock(ctx),
    { table: { headerRows: 1, widths: ["*", 40, 80, 30, 80], body }, layout: "lightHorizontalLines" },
    {
      margin: [0, 10, 0, 0],
      columns: [
        { text: "" },
        {
          width: 220,
          table: {
            widths: ["*", 90],
            body: [
              ["Total HT", { text: money(quote.totalHT), alignment: "right" }],
              [vat, { text: money(quote.totalVAT), alignment: "right" }],
              [
                { text: "Total TTC", bold: true },
                { text: money(quote.totalTTC), alignment: "right", bold: true },
              ],
            ],
          },
          layout: "lightHorizontalLines",
        },
      ],
    },
    { text: travelNote, margin: [0, 12, 0, 0] },
    quote.notes ? { text: quote.notes, margin: [0, 6, 0, 0] } : { text: "" },
    { text: "Conditions", style: "subtitle" },
    {
      text: "Paiement à 30 jours à réception de facture, par virement. En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce). L'évaluation est conduite selon le référentiel et le cahier des charges de la Haute Autorité de santé, par une équipe d'au moins deux évaluateurs.",
      style: "small",
    },
    {
      margin: [0, 24, 0, 0],
      columns: [
        { text: "" },
        {
          width: 220,
          stack: [
            { text: "Bon pour accord, date et signature :", bold: true },
            { text: " ", margin: [0, 40, 0, 0] },
          ],
        },
      ],
    },
  ];
  return renderPdf(identity, `Devis ${quoteLabel(quote)}`, content, { creationDate: new Date(quote.createdAt) });
}
