import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";
import { deadlineSettingsJoin, finalDue, missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/** The final report is not uploaded and its due date (observations + the delay of Settings › Missions) is past. */
export const missionFinalReportLate: AlertRule = {
  code: "mission-final-report-late",
  page: "ALERT_MISSION",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Rapport définitif en retard",
  description:
    "Le rapport définitif n'est pas déposé et son échéance est passée (15 jours après les observations ou la fin de leur délai par défaut, Paramètres › Missions).",
  action: {
    code: "CHASE_FINAL_REPORT",
    label: "Relancer le rapport définitif",
    description: "Obtenir du coordinateur le rapport définitif et le déposer (onglet Évaluation).",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      ${finalDue}::text as due_date, c.date_relance::text as date_relance,
      'Attendu le ' || to_char(${finalDue}, 'DD/MM/YYYY') || ', ' || ${lateBy(finalDue, today)} as display_value,
      ${missionLink("evaluation")} as link
    from missions m ${missionClientJoin} ${deadlineSettingsJoin}
    where m.status <> 'FINALISED' and m.preliminary_sent_at is not null and m.final_report_at is null
      and ${today}::date > ${finalDue}`,
};
