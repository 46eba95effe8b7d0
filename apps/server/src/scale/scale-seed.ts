import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.js";
import {
  auditLog,
  auditors,
  clients,
  configuration,
  contacts,
  contractDays,
  contractEstablishments,
  contracts,
  documents,
  gestionnaires,
  invoiceLines,
  invoicePayments,
  invoiceSettings,
  invoices,
  legalEntities,
  mailOutbox,
  missionDays,
  missionOrders,
  missions,
  missionTeamMembers,
  numberingSeries,
  quoteLines,
  quotes,
  requestClients,
  requestEstablishments,
} from "../db/schema/index.js";
import { createRandom } from "../demo/demo-random.js";
import type { IsoDate } from "../lib/clock.js";
import { formatNumber } from "../lib/numbering.js";
import type { FileStorage } from "../lib/storage/index.js";
import { createConfigurationService } from "../modules/configuration/configuration.service.js";
import { planDocuments, storeScaleFiles } from "./scale-documents.js";
import { seedJournal } from "./scale-journal.js";
import { planMails } from "./scale-mails.js";
import { planMissions } from "./scale-missions.js";
import { planParties } from "./scale-parties.js";
import { planPipeline } from "./scale-pipeline.js";
import { insertBatches, scaled } from "./scale-tools.js";

/** The volumes at `--scale 1`. */
export const SCALE_VOLUMES = {
  gestionnaires: 600,
  entities: 2_000,
  clients: 10_000,
  auditors: 300,
  requests: 30_000,
  quotes: 25_000,
  contracts: 12_000,
  missions: 50_000,
  journal: 1_000_000,
};
/** Years the generated history spans: at most 9,999 numbers a year for each {NNNN} series. */
const YEARS = 14;

export interface ScaleOptions {
  seed: number;
  scale: number;
  /** Today (the clock of the caller); the history ends the year before the base's first numbers. */
  now: Date;
  /** Where the missions' documents are stored (the server's storage: their PDFs, shared by kind). */
  storage: FileStorage;
  log?: (message: string) => void;
}

export class ScaleSeedError extends Error {}

/**
 * Adds a large, realistic volume to a migrated base (with or without the demo): the same seed and
 * scale give the same rows. The generated history lies in the years before the first number the base
 * already holds, so each numbering series keeps its current year untouched (no gap, no repeat).
 */
export async function seedScale(handle: DatabaseHandle, options: ScaleOptions) {
  const log = options.log ?? (() => undefined);
  const { db } = handle;
  const started = Date.now();
  const [done] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityType, "scale-seed"));
  if (done) throw new ScaleSeedError("Cette base a déjà reçu les données de volume : repartez d'une base neuve.");
  const rand = createRandom(options.seed);
  const v = Object.fromEntries(
    Object.entries(SCALE_VOLUMES).map(([k, n]) => [k, scaled(n, options.scale)]),
  ) as typeof SCALE_VOLUMES;

  const taken = {
    finess: new Set(
      (await handle.queryRaw<{ v: string }>("select finess v from clients where finess is not null")).map((r) => r.v),
    ),
    siret: new Set(
      (await handle.queryRaw<{ v: string }>("select siret v from legal_entities where siret is not null")).map(
        (r) => r.v,
      ),
    ),
  };
  const [firstYear] = await handle.queryRaw<{ y: number | null }>(
    `select min(y)::int y from (
       select substring(reference from '(\\d{4})')::int y from request_clients
       union all select substring(number from '(\\d{4})')::int from quotes
       union all select substring(number from '(\\d{4})')::int from contracts
       union all select substring(number from '(\\d{4})')::int from invoices where number is not null) t`,
  );
  const lastYear = Math.min(firstYear?.y ?? options.now.getUTCFullYear(), options.now.getUTCFullYear()) - 1;
  const years = Array.from({ length: YEARS }, (_, i) => lastYear - YEARS + 1 + i);
  const masks = new Map((await db.select().from(numberingSeries)).map((s) => [s.code, s.mask]));

  const parties = planParties(rand, v, taken);
  const mainContact = new Map(parties.contactRows.map((c) => [c.clientId as string, c.id as string]));
  const pipeline = planPipeline(rand, v, years, { ...parties, mainContact });
  numberRows(pipeline.requests, masks.get("REQUEST"), (r, n) => (r.reference = n));
  numberRows(pipeline.quoteRows, masks.get("QUOTE"), (r, n) => (r.number = n));
  numberRows(pipeline.contractRows, masks.get("CONTRACT"), (r, n) => (r.number = n));

  const [company] = await db.select().from(configuration).limit(1);
  const [settings] = await db.select().from(invoiceSettings).limit(1);
  const work = planMissions(rand, pipeline.signed, v.missions, {
    clients: new Map(parties.clientRows.map((c) => [c.id, c])),
    entities: new Map(parties.entityRows.map((e) => [e.id, e])),
    auditorIds: parties.auditorRows.map((a) => a.id),
    seller: {
      name: company?.companyName ?? "Certidesk",
      legalForm: company?.legalForm ?? null,
      address: company?.address ?? null,
      postalCode: company?.postalCode ?? null,
      city: company?.city ?? null,
      siren: company?.siret?.slice(0, 9) ?? null,
      siret: company?.siret ?? null,
      vatNumber: company?.vatNumber ?? null,
      email: company?.email ?? null,
    },
    terms: {
      paymentTermsDays: settings?.paymentTermsDays ?? 30,
      latePenaltyRate: settings?.latePenaltyRate ?? "trois fois le taux d'intérêt légal",
      iban: settings?.iban ?? null,
      bic: settings?.bic ?? null,
    },
  });
  numberRows(
    work.invoiceRows.filter((i) => i.issued),
    masks.get("INVOICE"),
    (r, n) => (r.number = n),
  );
  const staff = await handle.queryRaw<{ id: string }>(
    "select id from users where auditor_id is null and client_id is null and active order by identifier",
  );
  const mails = planMails(rand, {
    company: company?.companyName ?? "Certidesk",
    staffIds: staff.map((u) => u.id),
    quotes: pipeline.quoteRows,
    contracts: pipeline.contractRows,
    missions: work.missionRows,
    requestClient: firstOfEach(pipeline.requestLinks.map((l) => [l.requestId, l.clientId])),
    clients: new Map(parties.clientRows.map((c) => [c.id, c])),
    mainContacts: firstOfEach(parties.contactRows.filter((c) => c.isMain).map((c) => [c.clientId as string, c])),
  });
  const files = await storeScaleFiles(
    options.storage,
    { configuration: await createConfigurationService({ db }).get(), logo: null },
    options.seed,
  );
  const documentRows = planDocuments(rand, {
    missions: work.missionRows,
    clientNames: new Map(parties.clientRows.map((c) => [c.id, c.raisonSocial])),
    staffIds: staff.map((u) => u.id),
    files,
  });
  log(`plan : ${((Date.now() - started) / 1000).toFixed(1)} s`);

  await db.transaction(async (tx) => {
    const steps: [string, () => Promise<void>][] = [
      ["gestionnaires", () => insertBatches(tx, gestionnaires, parties.gestionnaireRows)],
      ["entités juridiques", () => insertBatches(tx, legalEntities, parties.entityRows)],
      ["clients (ESSMS)", () => insertBatches(tx, clients, parties.clientRows)],
      ["contacts", () => insertBatches(tx, contacts, parties.contactRows)],
      ["évaluateurs", () => insertBatches(tx, auditors, parties.auditorRows)],
      ["demandes", () => insertBatches(tx, requestClients, pipeline.requests)],
      ["établissements des demandes", () => insertBatches(tx, requestEstablishments, pipeline.requestLinks)],
      ["devis", () => insertBatches(tx, quotes, pipeline.quoteRows)],
      ["lignes de devis", () => insertBatches(tx, quoteLines, pipeline.lineRows)],
      ["contrats", () => insertBatches(tx, contracts, pipeline.contractRows)],
      ["établissements des contrats", () => insertBatches(tx, contractEstablishments, pipeline.links)],
      ["jours des contrats", () => insertBatches(tx, contractDays, pipeline.days)],
      // Before the missions, which point at their reports.
      ["documents des missions", () => insertBatches(tx, documents, documentRows)],
      ["missions", () => insertBatches(tx, missions, work.missionRows)],
      ["équipes", () => insertBatches(tx, missionTeamMembers, work.team)],
      ["ordres de mission", () => insertBatches(tx, missionOrders, work.orders)],
      ["jours des missions", () => insertBatches(tx, missionDays, work.dayRows)],
      ["factures", () => insertBatches(tx, invoices, work.invoiceRows)],
      ["lignes de factures", () => insertBatches(tx, invoiceLines, work.lineRows)],
      ["règlements", () => insertBatches(tx, invoicePayments, work.payments)],
      ["e-mails envoyés", () => insertBatches(tx, mailOutbox, mails)],
    ];
    for (const [label, step] of steps) {
      const t = Date.now();
      await step();
      log(`${label} : ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  });
  const t = Date.now();
  await seedJournal(handle, {
    total: v.journal,
    seed: options.seed,
    from: new Date(Date.UTC(years[0] as number, 0, 1)),
    to: new Date(Date.UTC(lastYear, 11, 31)),
    shares: [
      { entityType: "client", ids: parties.clientRows.map((c) => c.id), share: 3, events: CLIENT_EVENTS },
      { entityType: "request", ids: pipeline.requests.map((r) => r.id), share: 2, events: REQUEST_EVENTS },
      { entityType: "mission", ids: work.missionRows.map((m) => m.id as string), share: 3, events: MISSION_EVENTS },
      { entityType: "invoice", ids: work.invoiceRows.map((i) => i.id), share: 2, events: INVOICE_EVENTS },
    ],
  });
  log(`journal : ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await handle.queryRaw(
    `insert into audit_log (actor_label, action, entity_type, entity_id, summary) values ('Système', 'create', 'scale-seed', $1, $2)`,
    [String(options.seed), `Données de volume chargées (graine ${options.seed}, échelle ${options.scale})`],
  );
  // The triggers' updates of clients leave dead rows: vacuumed, the list's count is an index-only scan
  // of its partial index (1 ms instead of a scan of the table); analyzed, the planner knows the volume.
  await handle.execRaw("vacuum analyze");
  return {
    gestionnaires: parties.gestionnaireRows.length,
    legalEntities: parties.entityRows.length,
    clients: parties.clientRows.length,
    requests: pipeline.requests.length,
    quotes: pipeline.quoteRows.length,
    contracts: pipeline.contractRows.length,
    missions: work.missionRows.length,
    invoices: work.invoiceRows.length,
    mails: mails.length,
    documents: documentRows.length,
    journal: v.journal,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** The first value given for each key. */
function firstOfEach<K, V>(pairs: Array<[K, V]>): Map<K, V> {
  const map = new Map<K, V>();
  for (const [key, value] of pairs) if (!map.has(key)) map.set(key, value);
  return map;
}

/** Numbers rows in date order, the counter starting again each year as the series does. */
function numberRows<T extends { dateKey: IsoDate }>(
  rows: T[],
  mask: string | undefined,
  set: (row: T, n: string) => void,
) {
  if (!mask || !/\{YY(YY)?\}/.test(mask))
    throw new ScaleSeedError(
      `Masque de numérotation sans année (${mask ?? "absent"}) : le volume ne peut pas être daté.`,
    );
  const width = /\{(N+)\}/.exec(mask)?.[1]?.length ?? 4;
  const counters = new Map<number, number>();
  for (const row of [...rows].sort((a, b) => a.dateKey.localeCompare(b.dateKey))) {
    const year = Number(row.dateKey.slice(0, 4));
    const counter = (counters.get(year) ?? 0) + 1;
    if (counter >= 10 ** width)
      throw new ScaleSeedError(
        `Plus de ${10 ** width - 1} numéros en ${year} pour le masque ${mask} : réduisez l'échelle.`,
      );
    counters.set(year, counter);
    set(row, formatNumber(mask, { year, month: Number(row.dateKey.slice(5, 7)), counter }));
  }
}

const CLIENT_EVENTS: [string, string][] = [
  ["create", "ESSMS créé"],
  ["update", "Coordonnées de l'ESSMS modifiées"],
  ["update", "Contact principal modifié"],
  ["status", "Date de relance fixée"],
];
const REQUEST_EVENTS: [string, string][] = [
  ["create", "Demande enregistrée"],
  ["status", "Devis envoyé"],
  ["status", "Devis accepté"],
  ["status", "Contrat signé"],
];
const MISSION_EVENTS: [string, string][] = [
  ["create", "Mission créée à la signature"],
  ["update", "Équipe d'évaluation composée"],
  ["status", "Ordre de mission accepté"],
  ["status", "Rapport préliminaire envoyé"],
  ["status", "Rapport final envoyé"],
];
const INVOICE_EVENTS: [string, string][] = [
  ["issue", "Facture émise"],
  ["pay", "Règlement enregistré"],
  ["update", "Relance de paiement"],
];
