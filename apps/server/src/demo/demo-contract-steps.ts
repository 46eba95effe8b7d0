import type { RequestSource } from "@certidesk/shared";
import type { contracts, FebData, quotes } from "../db/schema/index.js";
import type { DemoEssms, DemoGroup } from "./demo-parties.js";
import { addDays, isoDay, uuid, workingDay } from "./demo-random.js";
import type { DemoActor, StepContext } from "./demo-steps.js";

const COMPANY = "Certidesk Démo";

interface Helpers {
  audit: (
    when: Date,
    actor: DemoActor,
    action: string,
    entityType: string,
    entityId: string,
    summary: string,
  ) => unknown;
  mail: (
    when: Date,
    actor: DemoActor,
    kind: "QUOTE_SEND" | "CONTRACT_SEND",
    group: DemoGroup,
    related: { type: string; id: string },
    subject: string,
    body: string,
  ) => void;
}

/** Contracts in the demo: needs statement, programme and team, sending for signature. */
export function createContractSteps(
  { rand, staff, auditorIds, now, rows, numbered }: StepContext,
  { audit, mail }: Helpers,
) {
  const ago = (days: number) => addDays(now, -days);
  function feb(group: DemoGroup): FebData {
    const first = group.establishments[0] as DemoEssms;
    return {
      evaluationKind: rand.chance(0.7) ? "FIRST" : "RENEWAL",
      authorisationDate: isoDay(ago(rand.int(3000, 6000))),
      authorisationEndDate: isoDay(addDays(now, rand.int(300, 1500))),
      previousEvaluationDate: rand.chance(0.6) ? isoDay(ago(rand.int(1500, 2200))) : null,
      peopleSupported: first.capacity,
      staffCount: first.capacity ? Math.round(first.capacity * 0.7) : rand.int(8, 40),
      sites: group.establishments.length,
      specificities: rand.pick([
        null,
        "Unité protégée de 14 places",
        "Accueil de jour adossé",
        "Deux sites distants de 12 km",
        "Internat de semaine",
      ]),
      expectations: rand.pick([
        "Évaluation conforme au référentiel HAS, restitution à l'équipe de direction.",
        "Accompagnement pédagogique des équipes pendant la visite.",
        null,
      ]),
      wishedPeriod: rand.pick(["Premier semestre", "Second semestre", "Avant l'été"]),
      atcContact: first.atc,
    };
  }

  function newContract(
    requestId: string,
    quote: { id: string; row: typeof quotes.$inferInsert },
    group: DemoGroup,
    source: RequestSource,
    created: Date,
    regrouping: number | null,
  ) {
    const id = uuid();
    const row: typeof contracts.$inferInsert = {
      id,
      requestId,
      quoteId: quote.id,
      number: "",
      status: "DRAFT",
      typology: source === "APPEL_OFFRE" ? "APPEL_OFFRE" : "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
      amountHT: quote.row.totalHT,
      vatRate: quote.row.vatRate,
      amountVAT: quote.row.totalVAT,
      amountTTC: quote.row.totalTTC,
      travelExpenseMode: quote.row.travelExpenseMode,
      travelExpenseAmount: quote.row.travelExpenseAmount,
      depositPercent: 30,
      feb: feb(group),
      createdBy: staff.admin.id,
      createdAt: created,
      updatedAt: created,
    };
    rows.contracts.push(row);
    numbered.push({ series: "CONTRACT", at: created, assign: (n) => (row.number = n) });
    for (const e of group.establishments)
      rows.contractEstablishments.push({ contractId: id, clientId: e.id, regroupingStatus: regrouping, atc: e.atc });
    audit(created, staff.admin, "create", "contract", id, "Contrat créé à l'acceptation du devis");
    return { id, row };
  }

  function programme(contractId: string, group: DemoGroup, firstDay: Date, when: Date) {
    const [a, b] = [rand.pick(auditorIds), rand.pick(auditorIds)];
    const team = a === b ? [a, auditorIds.find((x) => x !== a) ?? a] : [a, b];
    for (const [i, auditorId] of team.entries())
      rows.evaluators.push({ contractId, auditorId, role: i === 0 ? "COORDINATOR" : "EVALUATOR" });
    let day = workingDay(firstDay);
    let position = 1;
    // Each establishment's evaluation starts on its own first day (contract-rules.ts syncEstablishments).
    const firstOf = new Map<string, string>();
    const total = 2 + (group.establishments.length - 1);
    for (let i = 0; i < total; i++) {
      const essms = group.establishments[Math.min(i, group.establishments.length - 1)] as DemoEssms;
      if (!firstOf.has(essms.id)) firstOf.set(essms.id, isoDay(day));
      rows.days.push({
        contractId,
        clientId: essms.id,
        day: isoDay(day),
        timeSlotId: rand.int(1, 4),
        dayFraction: 1,
        position: position++,
      });
      day = workingDay(addDays(day, 1));
    }
    audit(
      when,
      rand.pick(staff.coordination),
      "update",
      "contract",
      contractId,
      `Programme établi : ${total} jours de visite à partir du ${isoDay(firstDay).split("-").reverse().join("/")}`,
    );
    return { first: isoDay(workingDay(firstDay)), last: isoDay(addDays(day, -1)), firstOf };
  }

  function sendContract(contract: { id: string; row: typeof contracts.$inferInsert }, group: DemoGroup, when: Date) {
    contract.row.status = "SENT";
    contract.row.sentAt = when;
    contract.row.deadline = isoDay(addDays(when, 30));
    const first = group.establishments[0] as DemoEssms;
    audit(when, staff.admin, "status", "contract", contract.id, "Contrat envoyé pour signature");
    mail(
      when,
      staff.admin,
      "CONTRACT_SEND",
      group,
      { type: "contract", id: contract.id },
      `${COMPANY} — Contrat d'évaluation externe de ${first.raisonSocial}`,
      `Bonjour ${first.contact.firstName} ${first.contact.lastName},\n\nVous trouverez ci-joint le contrat relatif à l'évaluation externe de ${first.raisonSocial}.\n\nMerci de nous le retourner signé avant le ${contract.row.deadline.split("-").reverse().join("/")}.\n\nBien cordialement,\n${staff.admin.label}\n${COMPANY}`,
    );
  }

  return { newContract, programme, sendContract };
}
