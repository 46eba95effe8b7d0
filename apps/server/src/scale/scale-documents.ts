import { createHash } from "node:crypto";
import type { documents, missions } from "../db/schema/index.js";
import type { Random } from "../demo/demo-random.js";
import type { IsoDate } from "../lib/clock.js";
import { type CompanyIdentity, renderPdf } from "../lib/pdf/pdf-service.js";
import type { FileStorage } from "../lib/storage/index.js";
import { at, plusDays, seededUuid } from "./scale-tools.js";

type MissionRow = typeof missions.$inferInsert;
type DocumentInsert = typeof documents.$inferInsert;

const KINDS = {
  PREPARATION_PLAN: { title: "Plan de préparation de la visite", file: "plan-de-preparation.pdf" },
  RAPPORT_PRELIMINARY: { title: "Rapport préliminaire", file: "rapport-preliminaire.pdf" },
  FINAL_RAPPORT: { title: "Rapport définitif", file: "rapport-definitif.pdf" },
} as const;
type Kind = keyof typeof KINDS;
type StoredKind = { storageKey: string; sha256: string; size: number };

/**
 * One real PDF per kind of mission document, stored once: the volume's 140,000 documents share them (a
 * file per document would be gigabytes of the same bytes). A document's removal keeps its file, so a
 * shared file is never taken from the others.
 */
export async function storeScaleFiles(
  storage: FileStorage,
  identity: CompanyIdentity,
  seed: number,
): Promise<Record<Kind, StoredKind>> {
  const stored = {} as Record<Kind, StoredKind>;
  for (const [kind, { title }] of Object.entries(KINDS) as Array<[Kind, (typeof KINDS)[Kind]]>) {
    const data = await renderPdf(
      identity,
      title,
      [
        { text: title, style: "title" },
        {
          text: "Document des données de volume (seed:scale), partagé par les missions générées.",
          margin: [0, 0, 0, 6],
        },
      ],
      { creationDate: new Date("2026-01-01T00:00:00Z") },
    );
    const storageKey = `documents/scale/${seed}/${kind.toLowerCase()}`;
    await storage.put(storageKey, data, "application/pdf");
    stored[kind] = { storageKey, sha256: createHash("sha256").update(data).digest("hex"), size: data.length };
  }
  return stored;
}

/**
 * The documents of the generated missions, as the screens would have filed them: the preparation plan and
 * the preliminary report of each, the final report once written; each mission row points at its reports.
 */
export function planDocuments(
  rand: Random,
  input: {
    missions: MissionRow[];
    clientNames: Map<string, string>;
    staffIds: string[];
    files: Record<Kind, StoredKind>;
  },
): DocumentInsert[] {
  const rows: DocumentInsert[] = [];
  const file = (m: MissionRow, kind: Kind, day: IsoDate | null | undefined) => {
    if (!day) return null;
    const id = seededUuid(rand);
    const when = at(day, 16);
    rows.push({
      id,
      family: "CLIENT",
      name: `${KINDS[kind].title} — ${input.clientNames.get(m.clientId) ?? ""}`,
      clientId: m.clientId,
      missionId: m.id as string,
      metaCode: kind,
      fileName: KINDS[kind].file,
      mimeType: "application/pdf",
      ...input.files[kind],
      createdBy: input.staffIds.length ? rand.pick(input.staffIds) : null,
      createdAt: when,
      updatedAt: when,
    });
    return id;
  };
  for (const m of input.missions) {
    file(m, "PREPARATION_PLAN", m.firstDay ? plusDays(m.firstDay as IsoDate, -20) : null);
    m.preliminaryDocumentId = file(m, "RAPPORT_PRELIMINARY", m.preliminaryUploadedAt as IsoDate | null);
    m.finalDocumentId = file(m, "FINAL_RAPPORT", m.finalReportAt as IsoDate | null);
  }
  return rows;
}
