import {
  datesWithModality,
  formatDate,
  MISSION_ROLE_LABELS,
  type MissionProposals,
  type MissionRole,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import * as proposals from "./mission-proposals.repository.js";
import { missionWriter } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

export interface MissionProposalsDeps {
  db: Database;
  clock: Clock;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;

/**
 * The proposal of a mission's team (domain.md: "evaluators proposed"): to the establishment
 * (MISSION_PROPOSITION_CLIENT, the team with their profiles) and to each evaluator
 * (MISSION_PROPOSITION_AUDITOR), mailed through the outbox with the templates of Settings › E-mails.
 * The outbox row is the record of the proposal (who, to whom, when, sent or not). Proposing is part
 * of choosing the team: the same right and state rules as `updateTeam`, with the mission's version.
 */
export function createMissionProposalsService(deps: MissionProposalsDeps) {
  const { db, clock } = deps;
  const writeMission = missionWriter({ db, clock });

  /** The team must be complete before it is proposed: two evaluators, one coordinating. */
  function checkTeam(team: ReadonlyArray<{ role: string }>) {
    if (team.length < 2 || team.filter((t) => t.role === "COORDINATOR").length !== 1)
      throw conflict("Composez d'abord l'équipe : au moins deux évaluateurs, dont un coordinateur.");
  }

  /** The dates for {{mission.dates}}: a remote audit says so (no travel), in the client's mail as in the evaluators'. */
  async function daysText(mission: { id: string; remote: boolean }) {
    const days = await repo.daysOf(db, mission.id);
    return datesWithModality(
      days.length ? days.map((d) => formatDate(d.day)).join(", ") : "dates à convenir",
      mission.remote,
    );
  }

  return {
    async list(actor: Actor, id: string): Promise<MissionProposals> {
      const loaded = await repo.findMission(db, id);
      // Proposals are the staff's correspondence: an evaluator or a client user never sees them.
      if (!loaded || !isStaff(actor)) throw notFound(missionResource.notFound);
      authorize(actor, "read", missionResource, loaded.record);
      const mails = await proposals.proposalMails(db, id);
      return {
        items: mails.map((m) => ({
          kind: m.relatedType === proposals.PROPOSAL_TO_CLIENT ? "CLIENT" : "AUDITOR",
          to: m.to,
          auditorId: m.relatedType === proposals.PROPOSAL_TO_AUDITOR ? m.relatedId : null,
          at: m.createdAt.toISOString(),
          mailStatus: m.status,
          by: m.byFirstName ? `${m.byFirstName} ${m.byLastName ?? ""}`.trim() : null,
        })),
      };
    },

    async toClient(actor: Actor, id: string, version: number, requestId?: string) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "updateTeam", missionResource, loaded.record);
      checkTeam(loaded.team);
      const { client } = await repo.contextOf(db, loaded.row);
      const contact = await proposals.mainContact(db, client.id);
      const email = contact?.email ?? client.email;
      if (!email) throw badRequest("Aucune adresse e-mail pour l'établissement : renseignez son contact principal.");
      const profiles = await proposals.teamProfiles(
        db,
        loaded.team.map((t) => t.auditorId),
      );
      const presented = loaded.team
        .map((t) => {
          const p = profiles.find((x) => x.id === t.auditorId);
          const details = [
            MISSION_ROLE_LABELS[t.role as MissionRole].toLowerCase(),
            p?.sectorDomains.length ? `domaines ${p.sectorDomains.join(", ")}` : null,
            p?.referentielTrainingDate
              ? `formé(e) au référentiel HAS le ${formatDate(p.referentielTrainingDate)}`
              : null,
          ].filter(Boolean);
          return `${fullName(t)} (${details.join(" ; ")})`;
        })
        .join(", ");
      const dates = await daysText(loaded.row);
      await writeMission(
        actor,
        id,
        "updateTeam",
        version,
        async (tx) => {
          await deps.enqueueMail(
            tx,
            actor,
            {
              templateCode: "MISSION_PROPOSITION_CLIENT",
              to: [email],
              variables: {
                client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                contact: { firstName: contact?.firstName ?? "", lastName: contact?.lastName ?? "" },
                mission: { auditors: presented, dates },
              },
              clientId: client.id,
              missionId: id,
              relatedType: proposals.PROPOSAL_TO_CLIENT,
              relatedId: id,
            },
            requestId,
          );
          return { summary: `Équipe proposée à l'établissement (${email}) : ${presented}`, action: "status" };
        },
        requestId,
      );
      deps.onMailQueued?.();
    },

    async toAuditors(actor: Actor, id: string, version: number, requestId?: string) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "updateTeam", missionResource, loaded.record);
      checkTeam(loaded.team);
      const noMail = loaded.team.filter((t) => !t.email);
      if (noMail.length) throw badRequest(`Adresse e-mail manquante pour ${noMail.map(fullName).join(", ")}.`);
      const { client } = await repo.contextOf(db, loaded.row);
      const dates = await daysText(loaded.row);
      await writeMission(
        actor,
        id,
        "updateTeam",
        version,
        async (tx) => {
          for (const member of loaded.team)
            await deps.enqueueMail(
              tx,
              actor,
              {
                templateCode: "MISSION_PROPOSITION_AUDITOR",
                to: [member.email ?? ""],
                variables: {
                  auditor: { firstName: member.firstName },
                  client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                  mission: { dates },
                },
                clientId: client.id,
                missionId: id,
                relatedType: proposals.PROPOSAL_TO_AUDITOR,
                relatedId: member.auditorId,
              },
              requestId,
            );
          return {
            summary: `Mission proposée aux évaluateurs : ${loaded.team.map(fullName).join(", ")}`,
            action: "status",
          };
        },
        requestId,
      );
      deps.onMailQueued?.();
    },
  };
}

export type MissionProposalsService = ReturnType<typeof createMissionProposalsService>;
