import { describe, expect, it } from "vitest";
import { MISSION_STATUS_AUDIENCES, type MissionStatusFacts, missionStatusText } from "./mission-status.js";

const base: MissionStatusFacts = {
  state: "TO_PLAN",
  contractSignedAt: "2026-01-05",
  teamSize: 0,
  teamProposedAt: null,
  teamAnswer: null,
  firstDay: null,
  lastDay: null,
  today: "2026-03-01",
  preliminaryUploadedAt: null,
  preliminaryReviewedAt: null,
  preliminarySentAt: null,
  observationsReceivedAt: null,
  finalReportAt: null,
  deadlines: { preliminaryReportDue: null, observationsDue: null, finalReportDue: null },
  late: { preliminary: false, final: false },
};

const composed = { ...base, teamSize: 2 };
const proposed = { ...composed, teamProposedAt: "2026-02-10T09:30:00.000Z" };
const accepted: MissionStatusFacts = {
  ...proposed,
  teamAnswer: { decision: "ACCEPT", answeredAt: "2026-02-12T10:00:00.000Z", current: true },
};
const planned: MissionStatusFacts = { ...accepted, state: "PLANNED", firstDay: "2026-03-10", lastDay: "2026-03-11" };
const visited: MissionStatusFacts = {
  ...planned,
  state: "VISIT_PAST",
  today: "2026-03-20",
  deadlines: { ...base.deadlines, preliminaryReportDue: "2026-04-10" },
};
const uploaded = { ...visited, preliminaryUploadedAt: "2026-03-25" };
const reviewed = { ...uploaded, preliminaryReviewedAt: "2026-03-26" };
const sent: MissionStatusFacts = {
  ...reviewed,
  today: "2026-03-28",
  preliminarySentAt: "2026-03-27",
  deadlines: { preliminaryReportDue: "2026-04-10", observationsDue: "2026-04-11", finalReportDue: "2026-04-26" },
};
const observed: MissionStatusFacts = {
  ...sent,
  today: "2026-04-02",
  observationsReceivedAt: "2026-04-01",
  deadlines: { ...sent.deadlines, finalReportDue: "2026-04-16" },
};
const finalised: MissionStatusFacts = {
  ...observed,
  state: "FINALISED",
  today: "2026-04-10",
  finalReportAt: "2026-04-09",
};

/** Every state a mission goes through, and the side roads (objection, no answer, late, closed period). */
const STATES: Record<string, MissionStatusFacts> = {
  "à programmer, sans équipe": base,
  "équipe composée, pas proposée": composed,
  "équipe composée, jours fixés, pas proposée": {
    ...composed,
    state: "PLANNED",
    firstDay: "2026-03-10",
    lastDay: "2026-03-10",
  },
  "équipe proposée": proposed,
  "équipe acceptée": accepted,
  "objection de l'établissement": {
    ...proposed,
    teamAnswer: { decision: "OBJECT", answeredAt: "2026-02-12T10:00:00.000Z", current: true },
  },
  "équipe changée depuis la réponse": {
    ...accepted,
    teamAnswer: { decision: "ACCEPT", answeredAt: "2026-02-12T10:00:00.000Z", current: false },
  },
  programmée: planned,
  "visite en cours": { ...planned, today: "2026-03-10" },
  "visite passée": visited,
  "rapport préliminaire en retard": {
    ...visited,
    state: "REPORT_LATE",
    today: "2026-04-12",
    late: { preliminary: true, final: false },
  },
  "rapport préliminaire déposé": uploaded,
  "rapport préliminaire relu": reviewed,
  "rapport préliminaire envoyé": sent,
  "délai des observations expiré": { ...sent, today: "2026-04-14" },
  "observations reçues": observed,
  "rapport définitif en retard": {
    ...observed,
    state: "REPORT_LATE",
    today: "2026-04-20",
    late: { preliminary: false, final: true },
  },
  finalisée: finalised,
  "finalisée sans réponse sur l'équipe ni proposition écrite": { ...finalised, teamProposedAt: null, teamAnswer: null },
  "finalisée sans observations": { ...finalised, observationsReceivedAt: null },
};

const texts = (t: ReturnType<typeof missionStatusText>) => [
  t.label,
  t.summary,
  t.team,
  t.preliminary,
  t.final,
  ...t.steps.flatMap((s) => [s.label, s.statusText, s.detail ?? ""]),
];

describe("missionStatusText", () => {
  for (const [name, facts] of Object.entries(STATES)) {
    describe(name, () => {
      const all = Object.fromEntries(MISSION_STATUS_AUDIENCES.map((a) => [a, missionStatusText(facts, a)]));
      const portal = missionStatusText(facts, "portal");
      const staff = missionStatusText(facts, "staff");

      for (const audience of MISSION_STATUS_AUDIENCES) {
        it(`${audience}: French sentences, dates as jj/mm/aaaa, nothing missing`, () => {
          for (const text of texts(all[audience] as never)) {
            expect(text).not.toMatch(/undefined|null|NaN|\d{4}-\d{2}-\d{2}/);
            expect(text).not.toMatch(/\b\d{2}\/\d{2}\/\d{2}\b(?!\d)/);
          }
        });
      }

      it("every audience sees each step in the same state", () => {
        for (const audience of MISSION_STATUS_AUDIENCES) {
          expect(all[audience]?.steps.map((s) => s.status)).toEqual(staff.steps.map((s) => s.status));
          expect(all[audience]?.label).toBe(staff.label);
        }
      });

      it("one current step at most, and nothing after the last done step is older", () => {
        expect(portal.steps.filter((s) => s.status === "current").length).toBeLessThanOrEqual(1);
        const lastDone = portal.steps.findLastIndex((s) => s.status === "done");
        const upcoming = portal.steps.findIndex((s) => s.status === "upcoming" || s.status === "current");
        if (upcoming >= 0 && lastDone > upcoming)
          expect(upcoming).toBeLessThan(portal.steps.findIndex((s) => s.code === "VISIT"));
      });

      it("the portal never announces a report it already received", () => {
        if (facts.preliminarySentAt) {
          expect(texts(portal).join(" ")).not.toMatch(/rapport préliminaire vous sera/i);
          expect(portal.steps.find((s) => s.code === "PRELIMINARY")?.status).toBe("done");
        }
        if (facts.finalReportAt) expect(texts(portal).join(" ")).not.toMatch(/rapport définitif (vous sera|suivra)/i);
      });

      it("a finalised evaluation has nothing left to come", () => {
        if (facts.state !== "FINALISED") return;
        for (const audience of MISSION_STATUS_AUDIENCES)
          for (const s of all[audience]?.steps ?? []) {
            expect(s.status === "done" || s.status === "passed").toBe(true);
            expect(s.statusText).not.toMatch(/à venir|en cours/);
          }
      });

      it("the portal shows the team as proposed exactly when the staff say it was", () => {
        const proposedStep = (t: typeof portal) => t.steps.find((s) => s.code === "TEAM_PROPOSED")?.status;
        expect(proposedStep(portal)).toBe(proposedStep(staff));
        expect(portal.teamShown).toBe(staff.teamShown);
        if (!staff.teamShown) expect(portal.team).not.toMatch(/accepter l'équipe proposée/);
        if (staff.team.includes("pas encore proposée")) expect(portal.team).toMatch(/vous sera proposée/);
        if (facts.firstDay && facts.firstDay <= facts.today) expect(portal.team).not.toMatch(/vous sera proposée/);
      });
    });
  }

  it("the staff say the report waits for the review, the portal that it will come", () => {
    expect(missionStatusText(uploaded, "staff").preliminary).toBe(
      "Le rapport préliminaire attend la relecture d'un profil qualité avant son envoi.",
    );
    expect(missionStatusText(uploaded, "portal").preliminary).toBe(
      "Le rapport préliminaire vous sera envoyé au plus tard le 10/04/2026.",
    );
  });

  it("a team never answered on a finalised evaluation reads 'sans réponse', not 'à venir'", () => {
    const step = missionStatusText(
      STATES["finalisée sans réponse sur l'équipe ni proposition écrite"] as never,
      "portal",
    ).steps.find((s) => s.code === "TEAM_ACCEPTED");
    expect(step).toMatchObject({ status: "passed", statusText: "sans réponse" });
  });

  it("days set before the team is proposed leave the proposal in progress", () => {
    const t = missionStatusText(STATES["équipe composée, jours fixés, pas proposée"] as never, "staff");
    expect(t.steps.find((s) => s.code === "TEAM_PROPOSED")?.status).toBe("current");
    expect(t.team).toBe("Équipe composée, pas encore proposée à l'établissement.");
  });
});
