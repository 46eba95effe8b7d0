import { LINK_NATURE_LABELS, type LinkNature } from "@certidesk/shared";
import { and, asc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import {
  auditorAssignmentJustifications,
  auditorAssignmentRefusals,
  auditorLinks,
  auditors,
  missions,
  missionTeamMembers,
} from "../db/schema/index.js";
import { addDays, createRandom, isoDay } from "./demo-random.js";

const JUSTIFICATIONS = [
  "Seul évaluateur disponible sur ces dates ; binôme expérimenté sur le secteur.",
  "Compétence PH validée en interne, formation référentiel suivie le mois dernier.",
  "Mission déjà décalée deux fois à la demande de l'ESSMS : maintien du binôme accepté.",
  "Dépassement ponctuel du plafond mensuel, accord de l'évaluateur par écrit.",
];
const WARNINGS = [
  { rule: "SECTOR_DOMAIN", message: "Le domaine de l'établissement n'est pas dans les compétences déclarées." },
  { rule: "AVAILABILITY", message: "Déjà programmé sur une autre visite un des jours." },
  { rule: "MONTHLY_MAXIMUM", message: "Maximum de missions du mois atteint." },
];

/**
 * The impartiality engine's past decisions for the statistics' Liens tab (the accreditation audit):
 * the evaluators with a declared link to an ESSMS were refused on its mission, and a few warnings
 * were overridden with a written justification, spread over the last ten months.
 */
export async function seedStatisticsDemo(tx: Executor, input: { now: Date; plannerLabel: string }) {
  const rand = createRandom(20260415);
  const at = () => addDays(input.now, -rand.int(5, 300));
  const links = await tx
    .select({
      auditorId: auditorLinks.auditorId,
      clientId: auditorLinks.organisationId,
      name: auditorLinks.organisationName,
      nature: auditorLinks.nature,
      missionId: missions.id,
      contractId: missions.contractId,
    })
    .from(auditorLinks)
    .innerJoin(missions, eq(missions.clientId, auditorLinks.organisationId))
    .where(
      and(
        eq(auditorLinks.organisationType, "ESSMS"),
        // A link ended more than five years ago no longer blocks anything.
        or(isNull(auditorLinks.endDate), gt(auditorLinks.endDate, isoDay(addDays(input.now, -5 * 365)))),
      ),
    )
    .orderBy(asc(auditorLinks.organisationName), asc(missions.id));
  const refusals = links.map((l) => ({
    auditorId: l.auditorId,
    clientId: l.clientId,
    missionId: l.missionId,
    contractId: l.contractId,
    reasons: [
      {
        rule: l.nature === "EMPLOYMENT" ? "EMPLOYMENT_YEARS" : "ADVICE_WINDOW",
        message: `Lien déclaré avec « ${l.name} » (${(LINK_NATURE_LABELS[l.nature as LinkNature] ?? l.nature).toLowerCase()}) : affectation impossible.`,
      },
    ],
    createdByLabel: input.plannerLabel,
    createdAt: at(),
  }));
  if (refusals.length) await tx.insert(auditorAssignmentRefusals).values(refusals);

  const team = await tx
    .select({
      auditorId: missionTeamMembers.auditorId,
      missionId: missions.id,
      clientId: missions.clientId,
      contractId: missions.contractId,
    })
    .from(missionTeamMembers)
    .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
    .innerJoin(auditors, and(eq(auditors.id, missionTeamMembers.auditorId), eq(auditors.active, true)))
    .where(isNotNull(missions.firstDay))
    .orderBy(asc(missions.firstDay), asc(missions.id), asc(missionTeamMembers.auditorId))
    .limit(60);
  const justified = team
    .filter((_, i) => i % 7 === 3)
    .map((t, i) => ({
      ...t,
      warnings: [WARNINGS[i % WARNINGS.length] ?? { rule: "SECTOR_DOMAIN", message: "" }],
      justification: JUSTIFICATIONS[i % JUSTIFICATIONS.length] ?? "",
      createdByLabel: input.plannerLabel,
      createdAt: at(),
    }));
  if (justified.length) await tx.insert(auditorAssignmentJustifications).values(justified);
}
