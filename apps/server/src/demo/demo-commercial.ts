import type { RequestStatus } from "@certidesk/shared";
import { departementOf } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import {
  auditLog,
  auditors,
  clients,
  contacts,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  gestionnaires,
  legalEntities,
  mailOutbox,
  numberingSeries,
  quoteLines,
  quotes,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
  timelineEntries,
} from "../db/schema/index.js";
import { createPartyFactory, type DemoContact, type DemoEssms, type DemoGroup } from "./demo-parties.js";
import { createPipeline, type DemoStaff, type EvaluationFate } from "./demo-pipeline.js";
import { PLACES } from "./demo-places.js";
import { createRandom, insertChunked, uuid } from "./demo-random.js";

const TARGET_CLIENTS = 200;
const PROSPECT_PLAN: Array<[RequestStatus, number, boolean]> = [
  ["NEW", 8, false],
  ["RECEVABILITY", 6, false],
  ["QUOTE_DRAFT", 7, false],
  ["QUOTE_SENT", 10, false],
  ["QUOTE_ACCEPTED", 7, false],
  ["CONTRACT_SENT", 8, false],
  ["REFUSE", 9, false],
  ["REFUSE", 3, true],
  ["NEW", 2, true],
];
const FATES: Array<{ v: EvaluationFate; weight: number }> = [
  { v: "NONE", weight: 30 },
  { v: "PLANNED", weight: 30 },
  { v: "PAST", weight: 25 },
  { v: "FINISHED", weight: 15 },
];
const AUDITORS: Array<[string, string, string, string]> = [
  ["Anne", "Lemaire", "75011", "Paris"],
  ["Bruno", "Carpentier", "33000", "Bordeaux"],
  ["Catherine", "Dufour", "59000", "Lille"],
  ["Didier", "Marchand", "13006", "Marseille"],
  ["Estelle", "Barbier", "44000", "Nantes"],
  ["Fabrice", "Renaud", "67000", "Strasbourg"],
  ["Géraldine", "Picard", "31000", "Toulouse"],
  ["Hervé", "Colin", "35000", "Rennes"],
  ["Ingrid", "Vidal", "34000", "Montpellier"],
  ["Jacques", "Arnaud", "21000", "Dijon"],
  ["Laure", "Giraud", "38000", "Grenoble"],
  ["Michel", "Brun", "63000", "Clermont-Ferrand"],
  ["Nadège", "Roy", "76000", "Rouen"],
  ["Olivier", "Schmitt", "57000", "Metz"],
];

export interface CommercialDemoInput {
  tilleulsId: string;
  firstAuditorId: string;
  staff: DemoStaff;
  now?: Date;
}

const contactRow = (c: DemoContact, owner: { clientId?: string; gestionnaireId?: string }) => ({
  ...c,
  ...owner,
  isMain: true,
});

/** The commercial part of the demo: managing organisations, legal entities, ESSMS, and the whole pipeline. */
export async function seedCommercialDemo(tx: Executor, input: CommercialDemoInput) {
  const now = input.now ?? new Date();
  const rand = createRandom();
  const parties = createPartyFactory(rand);
  const auditorRows = AUDITORS.map(([firstName, lastName, postalCode, city]) => ({
    id: uuid(),
    firstName,
    lastName,
    postalCode,
    city,
    email: `${firstName
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")}.${lastName.toLowerCase()}@evaluateurs.demo.fr`,
    phone: `06${rand.digits(8)}`,
  }));
  await tx.insert(auditors).values(auditorRows);
  const pipeline = createPipeline(rand, input.staff, [input.firstAuditorId, ...auditorRows.map((a) => a.id)], now);

  const owners = parties.gestionnaires();
  const groups: DemoGroup[] = [];

  // EHPAD Les Tilleuls (client@demo.fr) keeps its row: a client whose evaluation is planned in six weeks.
  const lyon = PLACES[1] ?? (PLACES[0] as (typeof PLACES)[number]);
  const tilleulsGroup = parties.group(1, null);
  const tilleuls = tilleulsGroup.establishments[0] as DemoEssms;
  Object.assign(tilleuls, {
    id: input.tilleulsId,
    raisonSocial: "EHPAD Les Tilleuls",
    existing: true,
    place: lyon,
    finess: "690001237",
    category: "EHPAD",
    typologySector: "MEDICO_SOCIAL",
    typologyType: "ESTABLISHMENT",
    sectorDomains: ["PA"],
    publicKeyTypes: ["PA"],
    capacity: 84,
    atc: "ARS Auvergne-Rhône-Alpes et Conseil départemental (Rhône)",
  });
  Object.assign(tilleulsGroup.legalEntity, { raisonSocial: "Association Les Tilleuls de Villeurbanne", place: lyon });
  groups.push(tilleulsGroup);
  pipeline.client(tilleulsGroup, "PLANNED", 42);

  let clientCount = 1;
  const prospectSlots = PROSPECT_PLAN.flatMap(([status, n, archived]) =>
    Array.from({ length: n }, () => ({ status, archived })),
  );
  for (let i = 0; clientCount < TARGET_CLIENTS || prospectSlots.length > 0; i++) {
    const owner = i < owners.length * 3 ? (owners[i % owners.length] ?? null) : null;
    const isProspect = prospectSlots.length > 0 && (i % 4 === 3 || clientCount >= TARGET_CLIENTS);
    const size = isProspect
      ? rand.chance(0.2)
        ? 2
        : 1
      : owner
        ? rand.int(1, 3)
        : rand.weighted([
            { v: 1, weight: 7 },
            { v: 2, weight: 2 },
            { v: 3, weight: 1 },
          ]).v;
    const group = parties.group(size, owner);
    groups.push(group);
    if (isProspect) {
      const slot = prospectSlots.shift() as { status: RequestStatus; archived: boolean };
      pipeline.prospect(group, slot.status, slot.archived);
    } else {
      pipeline.client(group, rand.weighted(FATES).v);
      clientCount += size;
    }
  }
  const counters = pipeline.assignNumbers();

  const allOwners = owners;
  await tx.insert(gestionnaires).values(
    allOwners.map((g) => ({
      id: g.id,
      raisonSocial: g.raisonSocial,
      siren: g.siren,
      address: g.address,
      postalCode: g.place.postalCode,
      city: g.place.city,
      email: g.email,
      phone: g.phone,
      createdAt: new Date(now.getTime() - rand.int(720, 1100) * 86_400_000),
    })),
  );
  await insertChunked(
    (rows) => tx.insert(legalEntities).values(rows),
    groups.map((g) => ({
      id: g.legalEntity.id,
      raisonSocial: g.legalEntity.raisonSocial,
      siren: g.legalEntity.siren,
      siret: g.legalEntity.siret,
      vatNumber: g.legalEntity.vatNumber,
      address: g.legalEntity.address,
      postalCode: g.legalEntity.place.postalCode,
      city: g.legalEntity.place.city,
      email: g.legalEntity.email,
      phone: g.legalEntity.phone,
      gestionnaireId: g.gestionnaire?.id ?? null,
      createdAt: pipeline.outcomes.get(g.establishments[0]?.id ?? "")?.createdAt,
    })),
  );
  const essmsRow = (e: DemoEssms, g: DemoGroup) => {
    const o = pipeline.outcomes.get(e.id);
    return {
      raisonSocial: e.raisonSocial,
      siret: e.siret,
      address: e.address,
      postalCode: e.place.postalCode,
      city: e.place.city,
      email: e.email,
      phone: e.phone,
      legalEntityId: g.legalEntity.id,
      finess: e.finess,
      departement: departementOf(e.place.postalCode),
      typologySector: e.typologySector,
      typologyType: e.typologyType,
      category: e.category,
      sectorDomains: e.sectorDomains,
      publicKeyTypes: e.publicKeyTypes,
      capacity: e.capacity,
      atc: e.atc,
      regroupingStatus: o?.regroupingStatus ?? null,
      evaluationDate: o?.evaluationDate ?? null,
      evaluationFinishedAt: o?.evaluationFinishedAt ?? null,
      dateRelance: o?.dateRelance ?? null,
      clientSince: o?.clientSince ?? null,
      createdAt: o?.createdAt ?? now,
    };
  };
  const { id: _keep, ...tilleulsValues } = { id: tilleuls.id, ...essmsRow(tilleuls, tilleulsGroup) };
  await tx
    .update(clients)
    .set({
      ...tilleulsValues,
      address: "12 rue des Tilleuls",
      postalCode: "69100",
      city: "Villeurbanne",
      siret: "26690001200017",
      email: "direction@ehpad-tilleuls.demo.fr",
      phone: "0478123456",
    })
    .where(eq(clients.id, input.tilleulsId));
  const newEssms = groups.flatMap((g) =>
    g.establishments.filter((e) => !e.existing).map((e) => ({ id: e.id, ...essmsRow(e, g) })),
  );
  await insertChunked((rows) => tx.insert(clients).values(rows), newEssms, 250);
  const contactRows = [
    ...allOwners.map((g) => contactRow(g.contact, { gestionnaireId: g.id })),
    ...groups.flatMap((g) => g.establishments.map((e) => contactRow(e.contact, { clientId: e.id }))),
  ];
  await insertChunked((rows) => tx.insert(contacts).values(rows), contactRows);

  const r = pipeline.rows;
  await insertChunked((rows) => tx.insert(requestClients).values(rows), r.requests);
  await insertChunked((rows) => tx.insert(requestEstablishments).values(rows), r.requestEstablishments);
  if (r.reviews.length) await tx.insert(recevabilityReviews).values(r.reviews);
  await insertChunked((rows) => tx.insert(quotes).values(rows), r.quotes);
  await insertChunked((rows) => tx.insert(quoteLines).values(rows), r.lines);
  await insertChunked((rows) => tx.insert(contracts).values(rows), r.contracts);
  await insertChunked((rows) => tx.insert(contractEstablishments).values(rows), r.contractEstablishments);
  await insertChunked((rows) => tx.insert(contractDays).values(rows), r.days);
  await insertChunked((rows) => tx.insert(contractEvaluators).values(rows), r.evaluators);
  await insertChunked((rows) => tx.insert(timelineEntries).values(rows), r.timeline);
  await insertChunked((rows) => tx.insert(mailOutbox).values(rows), r.mails, 200);
  await insertChunked((rows) => tx.insert(auditLog).values(rows), r.audit);

  // The series continue after the demo's numbers of this year.
  const year = now.getUTCFullYear();
  for (const series of ["REQUEST", "QUOTE", "CONTRACT"] as const) {
    await tx
      .update(numberingSeries)
      .set({ year, counter: counters.get(`${series}-${year}`) ?? 0 })
      .where(eq(numberingSeries.code, series));
  }
  return {
    clients: clientCount,
    establishments: groups.reduce((s, g) => s + g.establishments.length, 0),
    requests: r.requests.length,
    quotes: r.quotes.length,
    contracts: r.contracts.length,
    audit: r.audit.length,
  };
}
