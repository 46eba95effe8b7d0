import type { MissionDetail } from "@certidesk/shared";

export const MISSION_ID = "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c0101";

/** A mission detail as GET /api/missions/:id answers it, for the tabs' component tests. */
export function missionFixture(overrides: Partial<MissionDetail> = {}): MissionDetail {
  return {
    id: MISSION_ID,
    clientId: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00c1",
    client: { raisonSocial: "EHPAD Les Tilleuls", postalCode: "69003", city: "Lyon", finess: "690000001" },
    contractId: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c0001",
    contractNumber: "C-2026-0004",
    kind: "ESSMS_EVALUATION",
    remote: false,
    groupId: null,
    groupedWith: [],
    status: "PLANNED",
    team: [],
    missionOrders: [],
    replacedOrders: [],
    days: [
      {
        day: "2026-04-07",
        timeSlotId: 1,
        timeSlot: "8h30-12h00 et 13h30-18h00",
        dayFraction: 1,
        programme: [{ time: "9h00", activity: "ACCOMPAGNE_TRACEUR", people: "Mme A., résidente" }],
      },
      { day: "2026-04-08", timeSlotId: 1, timeSlot: "8h30-12h00 et 13h30-18h00", dayFraction: 1, programme: [] },
    ],
    deadlines: { preliminaryReportDue: "2026-05-08", observationsDue: null, finalReportDue: null },
    late: { preliminary: false, final: false },
    reports: {
      preliminary: {
        document: null,
        uploadedAt: null,
        reviewedAt: null,
        reviewedBy: null,
        reviewComment: null,
        sentAt: null,
      },
      observations: { document: null, receivedAt: null },
      final: { document: null, at: null },
      hasTransmittedAt: null,
    },
    requestedDocuments: [
      { id: "r1", label: "Projet d'établissement", received: true },
      { id: "r2", label: "Plan d'action qualité", received: false },
    ],
    preparationDocuments: [],
    openNonConformities: { major: 0, minor: 0 },
    statusFacts: {
      state: "PLANNED",
      contractSignedAt: "2026-01-10",
      teamSize: 0,
      teamProposedAt: null,
      teamAnswer: null,
      firstDay: "2026-04-07",
      lastDay: "2026-04-08",
      today: "2026-03-02",
      preliminaryUploadedAt: null,
      preliminaryReviewedAt: null,
      preliminarySentAt: null,
      observationsReceivedAt: null,
      finalReportAt: null,
      deadlines: { preliminaryReportDue: "2026-05-08", observationsDue: null, finalReportDue: null },
      late: { preliminary: false, final: false },
    },
    abilities: {
      read: true,
      updateDays: true,
      updateProgramme: true,
      updateRequestedDocuments: true,
      uploadPreparation: true,
      uploadPreliminary: true,
    },
    version: 3,
    ...overrides,
  };
}
