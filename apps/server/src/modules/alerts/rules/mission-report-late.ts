import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";
import { deadlineSettingsJoin, missionClientJoin, missionLink, preliminaryDue } from "./mission-deadlines-sql.js";

/**
 * The evaluators' report is late: its due date (last visit day + the delay of Settings › Missions,
 * 30 days by default) has passed and it is not uploaded; the missions list shows "Rapport en retard".
 */
export const missionReportLate: AlertRule = {
  code: "mission-report-late",
  page: "ALERT_MISSION",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Rapport de l'évaluateur en retard",
  description:
    "Le rapport préliminaire n'est pas déposé et son échéance est passée (délai après la visite réglé dans Paramètres › Missions, 30 jours par défaut).",
  action: {
    code: "CHASE_EVALUATOR_REPORT",
    label: "Relancer l'évaluateur",
    description: "Obtenir du coordinateur le dépôt du rapport préliminaire.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      ${preliminaryDue}::text as due_date, c.date_relance::text as date_relance,
      'Attendu le ' || to_char(${preliminaryDue}, 'DD/MM/YYYY') || ', ' || ${lateBy(preliminaryDue, today)} as display_value,
      ${missionLink("evaluation")} as link
    from missions m ${missionClientJoin} ${deadlineSettingsJoin}
    where m.status <> 'FINALISED' and m.last_day is not null and m.preliminary_uploaded_at is null
      and ${today}::date > ${preliminaryDue}`,
};
