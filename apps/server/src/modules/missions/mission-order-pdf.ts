import {
  formatCurrency,
  formatDate,
  formatDecimal,
  MISSION_KIND_LABELS,
  MISSION_ROLE_LABELS,
  type MissionKind,
  type MissionRole,
  modalityLabel,
  needsPlace,
  timeSlotById,
  travelExpenseLabel,
} from "@certidesk/shared";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";

export interface MissionOrderData {
  auditor: { firstName: string; lastName: string; dailyFee: number | null; fareClass: string | null };
  role: MissionRole;
  kind: MissionKind;
  remote: boolean;
  client: {
    raisonSocial: string;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    finess: string | null;
  };
  contractNumber: string;
  travelExpenseMode: number;
  days: Array<{ day: string; timeSlotId: number; dayFraction: number }>;
  groupedWith: string[];
  issuedOn: string;
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T12:00:00Z`));

/**
 * The mission order (OM): the mission, the ESSMS, the days and time slots, the fees and travel, and
 * the impartiality statement the evaluator signs (HAS cahier des charges).
 */
export function renderMissionOrderPdf(identity: CompanyIdentity, o: MissionOrderData): Promise<Buffer> {
  const company = identity.configuration.companyName;
  const name = `${o.auditor.firstName} ${o.auditor.lastName}`;
  const totalDays = o.days.reduce((s, d) => s + d.dayFraction, 0);
  const fee = o.auditor.dailyFee;
  const content = [
    { text: "Ordre de mission", style: "title" },
    {
      text: [
        { text: `${name}`, bold: true },
        ` — ${MISSION_ROLE_LABELS[o.role]}, est missionné(e) par ${company} pour la mission ci-dessous.`,
      ],
      margin: [0, 0, 0, 8],
    },
    { text: "Mission", style: "subtitle" },
    {
      ul: [
        `${MISSION_KIND_LABELS[o.kind]} — ${modalityLabel(o.remote).toLowerCase()}`,
        `Contrat n° ${o.contractNumber}`,
        ...(o.groupedWith.length ? [`Évaluation regroupée avec : ${o.groupedWith.join(", ")}`] : []),
      ],
    },
    { text: "Établissement (ESSMS)", style: "subtitle" },
    {
      stack: [
        { text: o.client.raisonSocial, bold: true },
        {
          text: [o.client.address, [o.client.postalCode, o.client.city].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(", "),
        },
        { text: o.client.finess ? `FINESS ${o.client.finess}` : "", style: "small" },
      ],
    },
    {
      text: o.remote ? "Jours et créneaux de l'audit à distance" : "Jours et créneaux de la visite",
      style: "subtitle",
    },
    o.days.length
      ? {
          table: {
            widths: [180, "*", 60],
            body: [
              [
                { text: "Jour", style: "tableHeader" },
                { text: "Horaires", style: "tableHeader" },
                { text: "Durée", style: "tableHeader" },
              ],
              ...o.days.map((d) => [
                longDate(d.day),
                timeSlotById(d.timeSlotId)?.value ?? "",
                `${formatDecimal(d.dayFraction)} j`,
              ]),
            ],
          },
          layout: "lightHorizontalLines",
        }
      : { text: "Dates de visite à programmer.", italics: true },
    { text: needsPlace(o) ? "Honoraires et déplacements" : "Honoraires", style: "subtitle" },
    {
      ul: [
        fee !== null
          ? `Honoraires : ${formatCurrency(fee)} HT par jour, soit ${formatCurrency(fee * totalDays)} HT pour ${formatDecimal(totalDays)} jour(s).`
          : `Honoraires : selon les conditions de votre contrat, pour ${formatDecimal(totalDays)} jour(s).`,
        // A remote audit has no travel: no fare class, nothing to rebill to the establishment.
        needsPlace(o)
          ? `Déplacements : ${o.auditor.fareClass ? `classe ${o.auditor.fareClass}, ` : ""}remboursés sur justificatifs (frais déclarés dans l'espace évaluateur) ; pour l'établissement, ${travelExpenseLabel(o.travelExpenseMode).toLowerCase() || "selon le contrat"}.`
          : "Audit à distance : aucun déplacement, l'audit se tient par visioconférence ; pas de frais de transport ni d'hébergement.",
      ],
    },
    { text: "Déclaration d'impartialité", style: "subtitle" },
    {
      text: `Je soussigné(e) ${name} déclare n'avoir, avec « ${o.client.raisonSocial} » ni avec son organisme gestionnaire, aucun lien d'intérêts : ni conseil, formation ou accompagnement dans les 24 mois précédant ou les 12 mois suivant le premier jour de visite, ni emploi au cours des 5 dernières années, ni intérêt direct ou indirect ; ne pas exercer dans un ESSMS du même département ; ne pas travailler pour une autorité de tarification et de contrôle ni pour la HAS. Je m'engage à signaler sans délai tout lien qui apparaîtrait.`,
      margin: [0, 0, 0, 16],
    },
    {
      columns: [
        { text: `Émis le ${formatDate(o.issuedOn)} par ${company}`, style: "small" },
        { text: "Signature de l'évaluateur(rice), précédée de « Lu et approuvé »", style: "small", alignment: "right" },
      ],
    },
  ];
  return renderPdf(identity, `Ordre de mission — ${o.client.raisonSocial}`, content);
}
