import {
  contractTypologyLabel,
  EVALUATION_KIND_LABELS,
  formatCurrency,
  formatDate,
  formatDecimal,
  REGROUPING_STATUSES,
  timeSlotById,
  travelExpenseLabel,
  vatRateLabel,
} from "@certidesk/shared";
import { establishmentsBlock, type PartyContext, partyBlock } from "../../lib/pdf/party-blocks.js";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import type { ContractBundle } from "./contracts.repository.js";

const contextOf = (b: ContractBundle): PartyContext => ({
  entity: b.entity,
  establishments: b.establishments.map((e) => e.client),
  contact: b.contact,
});

const longDate = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T12:00:00Z`));

function programmeContent(b: ContractBundle) {
  const names = new Map(b.establishments.map((e) => [e.client.id, e.client.raisonSocial]));
  const days = b.days.length
    ? {
        table: {
          widths: [150, "*", 140],
          body: [
            [
              { text: "Jour", style: "tableHeader" },
              { text: "Horaires", style: "tableHeader" },
              { text: "Établissement", style: "tableHeader" },
            ],
            ...b.days.map((d) => [
              longDate(d.day),
              timeSlotById(d.timeSlotId)?.value ?? "",
              d.clientId ? (names.get(d.clientId) ?? "") : "Tous",
            ]),
          ],
        },
        layout: "lightHorizontalLines",
      }
    : { text: "Dates de visite à programmer d'un commun accord.", italics: true };
  const team = b.team.length
    ? {
        ul: b.team.map(
          (t) =>
            `${t.auditor.firstName} ${t.auditor.lastName}${t.role === "COORDINATOR" ? " — coordinateur(rice)" : ""}`,
        ),
      }
    : { text: "Équipe d'évaluation à désigner (au moins deux évaluateurs).", italics: true };
  const grouping = b.establishments.find((e) => e.link.regroupingStatus)?.link.regroupingStatus;
  return [
    { text: "Programme de la visite", style: "subtitle" },
    days,
    { text: "Équipe d'évaluation", style: "subtitle" },
    team,
    grouping
      ? {
          text: `Évaluation regroupée : ${REGROUPING_STATUSES.find((s) => s.value === grouping)?.label ?? ""}.`,
          margin: [0, 6, 0, 0],
        }
      : { text: "" },
  ];
}

/** The contract: parties, establishments, programme, team, price and terms, signature blocks. */
export function renderContractPdf(identity: CompanyIdentity, b: ContractBundle) {
  const c = b.contract;
  const company = identity.configuration;
  const money = (v: number | null) => formatCurrency(v);
  const ctx = contextOf(b);
  const travel =
    c.travelExpenseMode === 3
      ? `Frais de déplacement : forfait de ${money(c.travelExpenseAmount)} HT (inclus dans le montant ci-dessus).`
      : c.travelExpenseMode === 1
        ? "Frais de déplacement en sus, refacturés au réel sur justificatifs."
        : `Frais de déplacement : ${travelExpenseLabel(2).toLowerCase()}.`;
  const content = [
    { text: `Contrat n° ${c.number}`, style: "title" },
    { text: contractTypologyLabel(c.typology, company.companyName), bold: true, margin: [0, 0, 0, 8] },
    {
      columns: [
        {
          stack: [
            { text: "Entre", style: "small" },
            { text: company.companyName, bold: true },
            { text: [company.address, company.postalCode, company.city].filter(Boolean).join(" ") },
            { text: company.accreditation ?? "", style: "small" },
          ],
        },
        { stack: [{ text: "Et", style: "small" }, ...partyBlock(ctx)] },
      ],
      margin: [0, 0, 0, 10],
    },
    {
      text: "Objet : évaluation externe de la qualité des établissements et services ci-dessous, selon le référentiel et le cahier des charges de la Haute Autorité de santé.",
      margin: [0, 0, 0, 6],
    },
    establishmentsBlock(ctx),
    ...programmeContent(b),
    { text: "Prix", style: "subtitle" },
    {
      table: {
        widths: ["*", 100],
        body: [
          ["Montant HT", { text: money(c.amountHT), alignment: "right" }],
          [`TVA (${vatRateLabel(c.vatRate)})`, { text: money(c.amountVAT), alignment: "right" }],
          [
            { text: "Montant TTC", bold: true },
            { text: money(c.amountTTC), alignment: "right", bold: true },
          ],
        ],
      },
      layout: "lightHorizontalLines",
    },
    { text: travel, margin: [0, 6, 0, 0] },
    {
      text:
        Number(c.depositPercent) > 0
          ? `Un acompte de ${String(Number(c.depositPercent)).replace(".", ",")} % du montant HT est facturé à la signature ; il est déduit de la facture de solde.`
          : "Aucun acompte : la prestation est facturée après la visite.",
      margin: [0, 4, 0, 0],
    },
    b.quote
      ? {
          text: `Selon le devis n° ${b.quote.number}${b.quote.revision > 1 ? ` v${b.quote.revision}` : ""}.`,
          style: "small",
        }
      : { text: "" },
    { text: "Conditions", style: "subtitle" },
    {
      text: "Le rapport préliminaire est adressé à l'établissement dans les 30 jours suivant le dernier jour de visite ; l'établissement dispose de 15 jours pour ses observations ; le rapport définitif les prend en compte. Les évaluateurs déclarent n'avoir aucun lien d'intérêts avec l'établissement ou son organisme gestionnaire. Paiement à 30 jours à réception de facture ; pénalités de retard au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire de 40 € pour frais de recouvrement.",
      style: "small",
    },
    c.deadline
      ? { text: `Contrat à retourner signé avant le ${formatDate(c.deadline)}.`, bold: true, margin: [0, 8, 0, 0] }
      : { text: "" },
    {
      margin: [0, 24, 0, 0],
      columns: [
        {
          stack: [
            { text: `Pour ${company.companyName}`, bold: true },
            { text: "Date et signature", style: "small" },
          ],
        },
        {
          stack: [
            { text: `Pour ${b.entity?.raisonSocial ?? "le client"}`, bold: true },
            { text: "Date, signature et cachet", style: "small" },
          ],
        },
      ],
    },
  ];
  return renderPdf(identity, `Contrat ${c.number}`, content, { creationDate: new Date(c.createdAt) });
}

/** The needs statement (fiche d'expression des besoins) as the establishment expressed it. */
export function renderFebPdf(identity: CompanyIdentity, b: ContractBundle) {
  const f = b.contract.feb;
  const row = (label: string, value: string | number | null | undefined) => [
    { text: label, bold: true },
    value === null || value === undefined || value === ""
      ? "—"
      : typeof value === "number"
        ? formatDecimal(value)
        : value,
  ];
  const content = [
    { text: "Fiche d'expression des besoins", style: "title" },
    { text: `Contrat ${b.contract.number} — demande ${b.request.reference}`, style: "small", margin: [0, 0, 0, 8] },
    { stack: partyBlock(contextOf(b)), margin: [0, 0, 0, 8] },
    establishmentsBlock(contextOf(b)),
    {
      table: {
        widths: [200, "*"],
        body: [
          row("Nature de l'évaluation", f ? EVALUATION_KIND_LABELS[f.evaluationKind] : null),
          row("Date d'autorisation", f?.authorisationDate ? formatDate(f.authorisationDate) : null),
          row("Fin de l'autorisation", f?.authorisationEndDate ? formatDate(f.authorisationEndDate) : null),
          row("Précédente évaluation", f?.previousEvaluationDate ? formatDate(f.previousEvaluationDate) : null),
          row("Personnes accompagnées", f?.peopleSupported),
          row("Effectif (professionnels)", f?.staffCount),
          row("Nombre de sites", f?.sites),
          row("Période souhaitée", f?.wishedPeriod),
          row("Interlocuteur à l'ATC", f?.atcContact),
          row("Spécificités", f?.specificities),
          row("Attentes", f?.expectations),
        ],
      },
      layout: "lightHorizontalLines",
    },
  ];
  return renderPdf(identity, `FEB ${b.contract.number}`, content);
}
