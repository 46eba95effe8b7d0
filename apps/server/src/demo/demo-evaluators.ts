import {
  AUDITOR_DOCUMENT_KIND_LABELS,
  departementOf,
  documentKindNeedsValidity,
  requiredDocumentKinds,
  SECTOR_DOMAINS,
  withLuhnKey,
} from "@certidesk/shared";
import { and, asc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import {
  auditorLinks,
  auditors,
  auditorUnavailability,
  clients,
  documents,
  fareClasses,
  legalEntities,
  missions,
  missionTeamMembers,
} from "../db/schema/index.js";
import type { FileStorage } from "../lib/storage/index.js";
import { addDays, createRandom, insertChunked, isoDay, uuid } from "./demo-random.js";

/** Every demo evaluator document points at this one small PDF (written at start-up when missing). */
export const DEMO_EVALUATOR_FILE = "demo/evaluateur-document.pdf";

const MORE_AUDITORS: Array<[string, string, string, string]> = [
  ["Agnès", "Perrin", "06000", "Nice"],
  ["Baptiste", "Morin", "29200", "Brest"],
  ["Chantal", "Fontaine", "87000", "Limoges"],
  ["Damien", "Chevalier", "45000", "Orléans"],
  ["Élodie", "Gauthier", "80000", "Amiens"],
  ["Franck", "Lucas", "86000", "Poitiers"],
  ["Gaëlle", "Mercier", "25000", "Besançon"],
  ["Hugo", "Blanc", "84000", "Avignon"],
  ["Isabelle", "Guerin", "14000", "Caen"],
  ["Jérôme", "Boyer", "51100", "Reims"],
  ["Karine", "Garnier", "37000", "Tours"],
  ["Laurent", "Faure", "69007", "Lyon"],
  ["Mélanie", "André", "42000", "Saint-Étienne"],
  ["Nicolas", "Mathieu", "54000", "Nancy"],
  ["Océane", "Clément", "64000", "Pau"],
  ["Pascal", "Gérard", "92000", "Nanterre"],
  ["Rachel", "Nicolas", "94000", "Créteil"],
  ["Sébastien", "Rousseau", "49000", "Angers"],
  ["Sophie", "Masson", "30000", "Nîmes"],
  ["Thierry", "Lefebvre", "62000", "Arras"],
  ["Valérie", "Caron", "66000", "Perpignan"],
  ["William", "Noël", "74000", "Annecy"],
  ["Yasmine", "Benoît", "26000", "Valence"],
  ["Zacharie", "Fleury", "17000", "La Rochelle"],
  ["Aurélie", "Lemoine", "56000", "Vannes"],
];

/**
 * The evaluators' side of the demo: about forty evaluators across the regions (salaried and
 * freelance, competences, zones, fees), their documents (most valid, some expiring within 30 days,
 * some expired or missing), links of interest making some ineligible for some demo ESSMS with a
 * planned visit, and unavailability periods. Runs after the commercial demo (it needs the ESSMS).
 */
export async function seedEvaluatorsDemo(tx: Executor, input: { now: Date; marcId: string; rhLabel: string }) {
  const rand = createRandom(20261010);
  const { now } = input;
  const day = (offset: number) => isoDay(addDays(now, offset));
  await tx.insert(auditors).values(
    MORE_AUDITORS.map(([firstName, lastName, postalCode, city]) => ({
      firstName,
      lastName,
      postalCode,
      city,
      email: `${firstName
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")}.${lastName
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")}@evaluateurs.demo.fr`,
      mobilePhone: `07${rand.digits(8)}`,
    })),
  );
  const fares = await tx.select().from(fareClasses).orderBy(asc(fareClasses.position));
  const all = await tx.select().from(auditors).orderBy(asc(auditors.lastName));
  // Evaluators on the team of a visit still to come keep a valid impartiality declaration: the rules
  // re-check every member when a team changes, and a lapsed one would block the planning of the demo.
  const onComingVisit = new Set(
    (
      await tx
        .selectDistinct({ auditorId: missionTeamMembers.auditorId })
        .from(missionTeamMembers)
        .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
        .where(or(isNull(missions.lastDay), gt(missions.lastDay, day(0))))
    ).map((r) => r.auditorId),
  );
  // A body plans its evaluators where they work: each covers the départements of the establishments it is
  // teamed on (the zone rule warns otherwise), and the documents of those with a visit to come stay valid
  // through it (the rules re-check every member on the days of a change, and an evaluator's acceptance).
  const teamed = await tx
    .select({
      auditorId: missionTeamMembers.auditorId,
      role: missionTeamMembers.role,
      postalCode: clients.postalCode,
      domains: clients.sectorDomains,
      lastDay: missions.lastDay,
    })
    .from(missionTeamMembers)
    .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId));
  const teamedZones = new Map<string, Set<string>>();
  const lastComingDay = new Map<string, string>();
  // Who coordinates a demo visit has the coordinator role on their file.
  const coordinators = new Set(teamed.filter((t) => t.role === "COORDINATOR").map((t) => t.auditorId));
  // …and is qualified for the domains of the establishments they evaluate.
  const teamedDomains = new Map<string, Set<string>>();
  for (const t of teamed)
    teamedDomains.set(t.auditorId, new Set([...(teamedDomains.get(t.auditorId) ?? []), ...(t.domains ?? [])]));
  for (const t of teamed) {
    const zone = t.postalCode ? departementOf(t.postalCode) : null;
    if (zone) teamedZones.set(t.auditorId, (teamedZones.get(t.auditorId) ?? new Set()).add(zone));
    if (t.lastDay && t.lastDay > (lastComingDay.get(t.auditorId) ?? "")) lastComingDay.set(t.auditorId, t.lastDay);
  }
  const validThroughVisits = (auditorId: string, validUntil: string | null) => {
    const last = lastComingDay.get(auditorId);
    if (!validUntil || !last || last <= day(0)) return validUntil;
    const needed = isoDay(addDays(new Date(`${last}T12:00:00Z`), 30));
    return validUntil < needed ? needed : validUntil;
  };
  const docRows: Array<typeof documents.$inferInsert> = [];
  for (const [i, a] of all.entries()) {
    const marc = a.id === input.marcId;
    const status = !marc && i % 3 === 1 ? "INDEPENDANT" : "SALARIE";
    const departement = a.postalCode ? departementOf(a.postalCode) : null;
    const domains = SECTOR_DOMAINS.filter((d) => {
      // The same draws as before, whatever the teams: the rest of the demo keeps its numbers.
      const drawn = d === "PA" || rand.chance(0.35);
      return drawn || !!teamedDomains.get(a.id)?.has(d);
    });
    const zones = [
      ...new Set([
        departement,
        ...all.slice(0, 3 + (i % 4)).map((x) => (x.postalCode ? departementOf(x.postalCode) : null)),
      ]),
    ]
      .filter((z): z is string => !!z)
      .slice(0, 4)
      .concat([...(teamedZones.get(a.id) ?? [])])
      .filter((z, k, list) => list.indexOf(z) === k);
    await tx
      .update(auditors)
      .set({
        civility:
          ["Agnès", "Anne", "Catherine", "Estelle", "Géraldine", "Ingrid", "Laure", "Nadège"].includes(a.firstName) ||
          a.firstName.endsWith("e")
            ? "Mme"
            : "M.",
        status,
        siret: status === "INDEPENDANT" ? withLuhnKey(`8${rand.digits(12)}`) : null,
        departement,
        address: `${rand.int(1, 120)} ${rand.pick(["rue de la République", "avenue Jean Jaurès", "boulevard Victor Hugo", "rue Pasteur"])}`,
        mobilePhone: a.mobilePhone ?? a.phone,
        sectorDomains: marc ? ["PA", "PH"] : domains,
        publicTypes: marc ? ["PA", "PHA"] : domains.includes("PH") ? ["PA", "PHA"] : ["PA"],
        referentielTrainingDate: day(-rand.int(200, 900)),
        roles: marc || i % 5 === 0 || coordinators.has(a.id) ? ["EVALUATOR", "COORDINATOR"] : ["EVALUATOR"],
        languages: rand.chance(0.3) ? ["Français", "Anglais"] : ["Français"],
        zones,
        maxMissionsPerMonth: rand.int(3, 6),
        dailyFee: status === "INDEPENDANT" ? rand.int(55, 70) * 10 : rand.int(40, 50) * 10,
        fareClassId: fares[i % Math.max(fares.length, 1)]?.id ?? null,
        active: i !== all.length - 2,
      })
      .where(eq(auditors.id, a.id));
    // Most are up to date; some lapse within 30 days, some have lapsed, a few lack one.
    const fate = marc
      ? "EXPIRING"
      : i % 9 === 3
        ? "EXPIRED"
        : i % 7 === 2
          ? "EXPIRING"
          : i % 13 === 5
            ? "MISSING"
            : "OK";
    for (const [k, kind] of requiredDocumentKinds(status).entries()) {
      if (fate === "MISSING" && kind === "DIPLOMA") continue;
      let validUntil = documentKindNeedsValidity(kind) ? day(rand.int(60, 330)) : null;
      if (fate === "EXPIRING" && kind === "RC_PRO_INSURANCE") validUntil = day(rand.int(5, 25));
      if (fate === "EXPIRED" && (kind === "IMPARTIALITY_DECLARATION" || kind === "URSSAF_VIGILANCE")) {
        const lapsed = day(-rand.int(10, 60));
        validUntil = kind === "IMPARTIALITY_DECLARATION" && onComingVisit.has(a.id) ? day(180) : lapsed;
      }
      if (onComingVisit.has(a.id)) validUntil = validThroughVisits(a.id, validUntil);
      docRows.push({
        family: "AUDITOR",
        auditorId: a.id,
        name: AUDITOR_DOCUMENT_KIND_LABELS[kind],
        auditorDocumentKind: kind,
        validUntil,
        fileName: `${kind.toLowerCase().replace(/_/g, "-")}-${a.lastName.toLowerCase()}.pdf`,
        mimeType: "application/pdf",
        size: 900,
        storageKey: DEMO_EVALUATOR_FILE,
        sha256: "0".repeat(64),
        createdAt: addDays(now, -rand.int(20, 200) - k),
      });
    }
  }
  await insertChunked((rows) => tx.insert(documents).values(rows), docRows, 200);

  // Links of interest: some evaluators are blocked for an ESSMS whose visit is planned.
  const planned = await tx
    .select({
      id: clients.id,
      name: clients.raisonSocial,
      departement: clients.departement,
      legalEntityId: clients.legalEntityId,
    })
    .from(clients)
    .where(and(isNotNull(clients.evaluationDate), gt(clients.evaluationDate, isoDay(now))))
    .orderBy(asc(clients.evaluationDate))
    .limit(8);
  const recorded = { recordedByLabel: input.rhLabel, recordedAt: addDays(now, -30) };
  const others = all.filter((a) => a.id !== input.marcId);
  const linkRows: Array<typeof auditorLinks.$inferInsert> = [];
  const natures = ["CONSULTING", "TRAINING", "COACHING", "EMPLOYMENT", "FAMILY"] as const;
  for (const [i, essms] of planned.entries()) {
    const a = others[(i * 5 + 2) % others.length];
    if (!a) continue;
    const nature = natures[i % natures.length] ?? "CONSULTING";
    linkRows.push({
      auditorId: a.id,
      organisationType: "ESSMS",
      organisationId: essms.id,
      organisationName: essms.name,
      nature,
      startDate: day(-rand.int(500, 900)),
      endDate: nature === "FAMILY" ? null : day(-rand.int(60, 300)),
      comment:
        nature === "EMPLOYMENT" ? "Infirmier(e) coordinateur(rice)" : "Mission déclarée lors de l'entretien annuel",
      ...recorded,
    });
  }
  const [entity] = planned[0]?.legalEntityId
    ? await tx.select().from(legalEntities).where(eq(legalEntities.id, planned[0].legalEntityId))
    : [];
  if (entity && others[1])
    linkRows.push({
      auditorId: others[1].id,
      organisationType: "LEGAL_ENTITY",
      organisationId: entity.id,
      organisationName: entity.raisonSocial,
      nature: "INTEREST",
      startDate: day(-1200),
      endDate: null,
      comment: "Membre du conseil d'administration",
      ...recorded,
    });
  // An old, ended link of the demo evaluator: history, no longer blocking.
  if (planned[1])
    linkRows.push({
      auditorId: input.marcId,
      organisationType: "ESSMS",
      organisationId: planned[1].id,
      organisationName: planned[1].name,
      nature: "TRAINING",
      startDate: day(-2400),
      endDate: day(-2300),
      comment: "Formation bientraitance",
      recordedByLabel: "Marc Dubois",
      recordedAt: addDays(now, -400),
      endedByLabel: "Marc Dubois",
      endedAt: addDays(now, -400),
    });
  if (linkRows.length) await tx.insert(auditorLinks).values(linkRows);

  const offRows = others.slice(0, 12).map((a, i) => {
    const start = rand.int(3, 80);
    return {
      auditorId: a.id,
      startDate: day(start),
      endDate: day(start + rand.int(1, 12)),
      reason: rand.pick(["Congés", "Formation", "Autre mission", "Raisons personnelles"]),
      createdAt: addDays(now, -i),
    };
  });
  offRows.push({ auditorId: input.marcId, startDate: day(14), endDate: day(18), reason: "Congés", createdAt: now });
  await tx.insert(auditorUnavailability).values(offRows.map((r) => ({ ...r, id: uuid() })));
  return { auditors: all.length, documents: docRows.length, links: linkRows.length };
}

/** Writes the one small PDF the demo evaluator documents open, when the storage lacks it. */
export async function ensureDemoEvaluatorFile(storage: FileStorage) {
  if (await storage.exists(DEMO_EVALUATOR_FILE)) return;
  const stream = "BT /F1 16 Tf 72 720 Td (Document de demonstration - evaluateur) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  await storage.put(DEMO_EVALUATOR_FILE, Buffer.from(body, "latin1"), "application/pdf");
}
