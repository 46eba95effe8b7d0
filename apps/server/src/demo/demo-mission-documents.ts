import { createHash, randomUUID } from "node:crypto";
import type { MissionKind, MissionRole } from "@certidesk/shared";
import { and, asc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import {
  auditors,
  clients,
  contracts,
  documents,
  documentVersions,
  fareClasses,
  missionDays,
  missionOrders,
  missions,
  users,
} from "../db/schema/index.js";
import { type CompanyIdentity, renderPdf } from "../lib/pdf/pdf-service.js";
import type { FileStorage } from "../lib/storage/index.js";
import { createConfigurationService } from "../modules/configuration/configuration.service.js";
import { renderMissionOrderPdf } from "../modules/missions/mission-order-pdf.js";

type Mission = typeof missions.$inferSelect;
type Client = typeof clients.$inferSelect;

/** The texts of a mission's demo documents (each a small real PDF). */
const TEXTS: Record<string, { title: string; file: string; body: (c: Client) => string[] }> = {
  PREPARATION_PLAN: {
    title: "Plan de préparation",
    file: "plan-de-preparation.pdf",
    body: (c) => [
      `Préparation de l'évaluation externe de ${c.raisonSocial} : réunion de lancement avec la direction, documents demandés (projet d'établissement, plan d'action qualité, rapports d'activité), choix des personnes accompagnées.`,
      "Chapitre 1 : accompagnés traceurs ; chapitre 2 : traceurs ciblés ; chapitre 3 : audit système (gouvernance, encadrement).",
    ],
  },
  DETAILED_PLAN: {
    title: "Plan détaillé",
    file: "plan-detaille.pdf",
    body: (c) => [
      `Déroulé jour par jour de la visite de ${c.raisonSocial} : entretiens, observations et consultations documentaires.`,
    ],
  },
  LIST_OF_AT: {
    title: "Liste des accompagnés traceurs",
    file: "liste-des-at.pdf",
    body: () => [
      "Personnes accompagnées retenues (initiales), avec leur accord et celui de leurs proches : Mme A. B., M. C. D., Mme E. F.",
    ],
  },
  RAPPORT_PRELIMINARY: {
    title: "Rapport préliminaire",
    file: "rapport-preliminaire.pdf",
    body: (c) => [
      `Rapport préliminaire de l'évaluation externe de ${c.raisonSocial}, établi selon le référentiel de la HAS.`,
      "Synthèse des cotations par chapitre, critères impératifs, points forts et axes d'amélioration. L'établissement dispose de 15 jours pour ses observations.",
    ],
  },
  RECEPTION_OBSERVATIONS: {
    title: "Observations de l'établissement",
    file: "observations.pdf",
    body: (c) => [`Observations de ${c.raisonSocial} sur le rapport préliminaire.`],
  },
  FINAL_RAPPORT: {
    title: "Rapport définitif",
    file: "rapport-definitif.pdf",
    body: (c) => [
      `Rapport définitif de l'évaluation externe de ${c.raisonSocial}, tenant compte des observations de l'établissement.`,
      "À transmettre par l'établissement à son autorité de tarification et de contrôle et à la HAS (Synaé).",
    ],
  },
};

/**
 * The documents of the demo missions, once the rows exist: the OM PDF of every sent mission order,
 * the preparation documents of missions whose visit is close or past, and the reports (preliminary,
 * observations, final) the mission rows say were uploaded. Real PDFs, through the storage.
 */
export async function seedDemoMissionDocuments(db: Database, storage: FileStorage): Promise<number> {
  const [planner] = await db.select({ id: users.id }).from(users).where(eq(users.identifier, "cpi@demo.fr"));
  const identity: CompanyIdentity = { configuration: await createConfigurationService({ db }).get(), logo: null };
  const rows = await db
    .select({
      mission: missions,
      client: clients,
      contractNumber: contracts.number,
      travel: contracts.travelExpenseMode,
    })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(isNotNull(missions.firstDay))
    .orderBy(asc(missions.firstDay));
  const orderDocs: Array<{ orderId: string; key: string }> = [];
  const reportDocs: Array<{
    missionId: string;
    preliminary: string | null;
    observations: string | null;
    final: string | null;
  }> = [];

  /** Every file is stored first (a few at a time), then all the rows are written in one transaction. */
  const pending: Array<{
    key: string;
    data: Buffer;
    values: Omit<typeof documents.$inferInsert, "storageKey" | "sha256" | "size">;
  }> = [];
  const texts = new Map<string, Buffer>();

  function store(
    m: Mission,
    client: Client,
    meta: { family: "CLIENT" | "AUDITOR"; metaCode: string; name: string; fileName: string; auditorId?: string },
    data: Buffer,
  ) {
    const key = `${m.id}/${meta.metaCode}/${meta.auditorId ?? ""}`;
    pending.push({
      key,
      data,
      values: {
        family: meta.family,
        name: meta.name,
        clientId: client.id,
        auditorId: meta.auditorId ?? null,
        missionId: m.id,
        metaCode: meta.metaCode,
        fileName: meta.fileName,
        mimeType: "application/pdf",
        createdBy: planner?.id ?? null,
      },
    });
    return key;
  }

  /** One PDF per kind of document (rendering is the slow part), named after each establishment. */
  async function textDocument(m: Mission, client: Client, code: string) {
    const t = TEXTS[code];
    if (!t) throw new Error(code);
    let data = texts.get(code);
    if (!data) {
      const sample = { ...client, raisonSocial: "l'établissement" };
      data = await renderPdf(identity, t.title, [
        { text: t.title, style: "title" },
        ...t.body(sample).map((text) => ({ text, margin: [0, 0, 0, 6] })),
        { text: "Document de démonstration.", style: "small", margin: [0, 12, 0, 0] },
      ]);
      texts.set(code, data);
    }
    return store(
      m,
      client,
      { family: "CLIENT", metaCode: code, name: `${t.title} — ${client.raisonSocial}`, fileName: t.file },
      data,
    );
  }

  const missionIds = rows.map((r) => r.mission.id);
  if (missionIds.length === 0) return 0;
  const [days, sentOrders] = await Promise.all([
    db.select().from(missionDays).where(inArray(missionDays.missionId, missionIds)).orderBy(asc(missionDays.day)),
    db
      .select({ order: missionOrders, auditor: auditors, fareClass: fareClasses.name })
      .from(missionOrders)
      .innerJoin(auditors, eq(auditors.id, missionOrders.auditorId))
      .leftJoin(fareClasses, eq(fareClasses.id, auditors.fareClassId))
      .where(
        and(
          inArray(missionOrders.missionId, missionIds),
          eq(missionOrders.status, "SENT"),
          isNull(missionOrders.documentId),
        ),
      ),
  ]);

  for (const { mission: m, client, contractNumber, travel } of rows) {
    // The OM of each sent order; its answer (ACCEPT or REFUSE) points at the same file.
    for (const o of sentOrders.filter((x) => x.order.missionId === m.id)) {
      const data = await renderMissionOrderPdf(identity, {
        auditor: { ...o.auditor, fareClass: o.fareClass },
        role: o.order.role as MissionRole,
        kind: m.kind as MissionKind,
        remote: m.remote,
        client,
        contractNumber,
        travelExpenseMode: travel,
        days: days.filter((d) => d.missionId === m.id),
        groupedWith: [],
        issuedOn: (o.order.sentAt ?? new Date()).toISOString().slice(0, 10),
      });
      const docId = store(
        m,
        client,
        {
          family: "AUDITOR",
          metaCode: "MISSION_ORDER_AUDITOR",
          name: `Ordre de mission — ${client.raisonSocial}`,
          fileName: `ordre-de-mission-${o.auditor.lastName.toLowerCase()}.pdf`,
          auditorId: o.auditor.id,
        },
        data,
      );
      orderDocs.push({ orderId: o.order.id, key: docId });
    }
    // The preparation documents once the orders are out; the reports the row says were uploaded.
    if (sentOrders.some((x) => x.order.missionId === m.id) || (m.lastDay && m.preliminaryUploadedAt)) {
      await textDocument(m, client, "PREPARATION_PLAN");
      if (m.preliminaryUploadedAt) {
        await textDocument(m, client, "DETAILED_PLAN");
        await textDocument(m, client, "LIST_OF_AT");
      }
    }
    reportDocs.push({
      missionId: m.id,
      preliminary: m.preliminaryUploadedAt ? await textDocument(m, client, "RAPPORT_PRELIMINARY") : null,
      observations: m.observationsReceivedAt ? await textDocument(m, client, "RECEPTION_OBSERVATIONS") : null,
      final: m.finalReportAt ? await textDocument(m, client, "FINAL_RAPPORT") : null,
    });
  }

  const now = new Date();
  const prefix = `documents/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const files = pending.map((p) => ({
    ...p,
    storageKey: `${prefix}/${randomUUID()}`,
    sha256: createHash("sha256").update(p.data).digest("hex"),
    size: p.data.length,
  }));
  for (let i = 0; i < files.length; i += 16)
    await Promise.all(files.slice(i, i + 16).map((f) => storage.put(f.storageKey, f.data, "application/pdf")));
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (let i = 0; i < files.length; i += 200) {
      const chunk = files.slice(i, i + 200);
      const inserted = await tx
        .insert(documents)
        .values(chunk.map((f) => ({ ...f.values, storageKey: f.storageKey, sha256: f.sha256, size: f.size })))
        .returning({ id: documents.id });
      inserted.forEach((row, j) => {
        const f = chunk[j];
        if (f) ids.set(f.key, row.id);
      });
      await tx.insert(documentVersions).values(
        chunk.map((f, j) => ({
          documentId: inserted[j]?.id ?? "",
          versionNumber: 1,
          fileName: f.values.fileName,
          mimeType: "application/pdf",
          storageKey: f.storageKey,
          sha256: f.sha256,
          size: f.size,
          createdBy: planner?.id ?? null,
        })),
      );
    }
    // The answer (ACCEPT or REFUSE) of a sent order points at the same file.
    for (const o of orderDocs)
      await tx
        .update(missionOrders)
        .set({ documentId: ids.get(o.key) ?? null })
        .where(or(eq(missionOrders.id, o.orderId), eq(missionOrders.supersedes, o.orderId)));
    for (const r of reportDocs) {
      const values: Partial<Mission> = {};
      if (r.preliminary) values.preliminaryDocumentId = ids.get(r.preliminary) ?? null;
      if (r.observations) values.observationsDocumentId = ids.get(r.observations) ?? null;
      if (r.final) values.finalDocumentId = ids.get(r.final) ?? null;
      if (Object.keys(values).length) await tx.update(missions).set(values).where(eq(missions.id, r.missionId));
    }
  });
  return files.length;
}
