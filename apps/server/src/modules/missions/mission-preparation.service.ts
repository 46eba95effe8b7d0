import { randomUUID } from "node:crypto";
import {
  type MissionDetail,
  type missionProgrammeBodySchema,
  PREPARATION_DOCUMENT_LABELS,
  PROGRAMME_COLUMN_FROM,
  type PreparationDocumentCode,
  type requestedDocumentsBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import type { WithUpload } from "./mission-reports.service.js";
import { missionWriter, touchMission } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

type ProgrammeInput = z.output<typeof missionProgrammeBodySchema>;
type RequestedInput = z.output<typeof requestedDocumentsBodySchema>;

export interface MissionPreparationDeps {
  db: Database;
  clock: Clock;
  withUpload: WithUpload;
  detail: (actor: Actor, id: string) => Promise<MissionDetail>;
}

/**
 * The Préparation tab: the day-by-day programme of the visit days, the documents asked of the ESSMS
 * (the checklist its portal shows), and the preparation documents (plans, list of AT) stored as
 * documents of the mission with the spec's meta codes.
 */
export function createMissionPreparationService(deps: MissionPreparationDeps) {
  const { db, clock } = deps;
  const writeMission = missionWriter({ db, clock });

  return {
    /** The programme of each visit day (from 16/12/2022, spec §9); the group's missions share it. */
    async updateProgramme(actor: Actor, id: string, input: ProgrammeInput, requestId?: string) {
      await writeMission(
        actor,
        id,
        "updateProgramme",
        input.version,
        async (tx, { row }) => {
          const days = new Set((await repo.daysOf(tx, id)).map((d) => d.day));
          const unknown = input.days.find((d) => !days.has(d.day));
          if (unknown) throw badRequest(`Le ${unknown.day} n'est pas un jour de visite de la mission.`);
          const early = input.days.find((d) => d.day < PROGRAMME_COLUMN_FROM && d.programme.length);
          if (early) throw badRequest("Le programme jour par jour ne concerne que les visites depuis le 16/12/2022.");
          for (const mission of await repo.groupOf(tx, row)) {
            for (const d of input.days) await repo.setDayProgramme(tx, mission.id, d.day, d.programme);
            if (mission.id !== id) await touchMission(tx, mission.id, clock.now());
          }
          const entries = input.days.reduce((n, d) => n + d.programme.length, 0);
          return { summary: `Programme de la visite : ${entries} séquence(s)`, changes: { days: input.days } };
        },
        requestId,
      );
      return deps.detail(actor, id);
    },

    async updateRequestedDocuments(actor: Actor, id: string, input: RequestedInput, requestId?: string) {
      const items = input.items.map((i) => ({ id: i.id ?? randomUUID(), label: i.label, received: i.received }));
      await writeMission(
        actor,
        id,
        "updateRequestedDocuments",
        input.version,
        () => ({
          values: { requestedDocuments: items },
          summary: `Documents demandés à l'établissement : ${items.length} (${items.filter((i) => i.received).length} reçu(s))`,
          changes: { items },
        }),
        requestId,
      );
      return deps.detail(actor, id);
    },

    /** Who may upload, checked before the file is read (404, 403, 409). */
    async authorizeUpload(actor: Actor, id: string) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "uploadPreparation", missionResource, loaded.record);
      return loaded;
    },

    async uploadDocument(
      actor: Actor,
      id: string,
      metaCode: PreparationDocumentCode,
      file: { fileName: string; data: Buffer },
      version: number,
      requestId?: string,
    ) {
      const loaded = await this.authorizeUpload(actor, id);
      if (loaded.row.version !== version) throw staleVersion();
      const { client } = await repo.contextOf(db, loaded.row);
      const label = PREPARATION_DOCUMENT_LABELS[metaCode];
      const meta = {
        family: "CLIENT" as const,
        name: `${label} — ${client.raisonSocial}`,
        clientId: client.id,
        missionId: id,
        metaCode,
      };
      // Filed inside the mission's write, after its version: a request overtaken meanwhile files nothing.
      await deps.withUpload(actor, { meta, file, requestId }, (filed) =>
        writeMission(
          actor,
          id,
          "uploadPreparation",
          version,
          async (tx) => ({ summary: `${label} déposé`, changes: { documentId: (await filed.file(tx)).id, metaCode } }),
          requestId,
        ),
      );
      return deps.detail(actor, id);
    },
  };
}

export type MissionPreparationService = ReturnType<typeof createMissionPreparationService>;
