import type { AlertPageSummary, AlertRow } from "@certidesk/shared";

/** An alert row as the server sends it (shared alertRowSchema), with overrides. */
export function alertRow(overrides: Partial<AlertRow> = {}): AlertRow {
  return {
    id: "mission-order-refused:m1",
    alertType: "mission-order-refused",
    page: "ALERT_PLANIFICATION",
    alertTitle: { title: "Ordre de mission refusé", description: "Un évaluateur a refusé son ordre de mission." },
    formattedTitle: "Ordre de mission refusé",
    formattedDescription: "Un évaluateur a refusé son ordre de mission.",
    actionMener: "REPLACE_EVALUATOR",
    formattedActionMener: "Remplacer l'évaluateur",
    actionMenerDescription: "Choisir un autre évaluateur dans l'équipe de la mission.",
    displayValue: "Marc Dubois",
    raisonSocial: "EHPAD Les Tilleuls",
    postalCode: "69003",
    dueDate: "2026-11-20",
    dateRelance: null,
    link: "/app/mission/c1/m1?onglet=evaluateur",
    isChangable: true,
    isRemovable: false,
    isSendSatisfactionToAuditor: false,
    commentCount: 0,
    ...overrides,
  };
}

export const SUMMARY: AlertPageSummary[] = [
  {
    code: "ALERT_DEMAND",
    key: "alert-demandes",
    label: "Demandes",
    count: 0,
    types: [{ alertType: "request-new", title: "Nouvelle demande", count: 0 }],
  },
  {
    code: "ALERT_PLANIFICATION",
    key: "alert-planification",
    label: "Planifications",
    count: 2,
    types: [
      { alertType: "mission-order-refused", title: "Ordre de mission refusé", count: 1 },
      { alertType: "mission-order-unanswered", title: "Ordre de mission sans réponse", count: 1 },
    ],
  },
  {
    code: "ALERT_PERFORMANCE",
    key: "alert-performance",
    label: "Performances",
    count: 1,
    types: [
      {
        alertType: "performance-not-exist-satisfaction-while-audit-date-past",
        title: "Satisfaction manquante",
        count: 1,
      },
    ],
  },
];
