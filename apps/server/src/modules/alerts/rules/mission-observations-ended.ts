import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { dueIn } from "../sql-helpers.js";
import {
  deadlineSettingsJoin,
  finalDue,
  missionClientJoin,
  missionLink,
  observationsDue,
} from "./mission-deadlines-sql.js";

/**
 * The ESSMS's observation period is over (observations received, or their delay past): the final
 * report is to write, until its own due date; past it, the final-report-late alert takes over.
 */
export const missionObservationsEnded: AlertRule = {
  code: "mission-observations-ended",
  page: "ALERT_MISSION",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Période d'observations terminée",
  description:
    "Les observations de l'établissement sont reçues ou leur délai est passé : le rapport définitif est à rédiger (délais réglés dans Paramètres › Missions).",
  action: {
    code: "WRITE_FINAL_REPORT",
    label: "Rédiger le rapport définitif",
    description: "Répondre aux observations dans le rapport définitif et le déposer (onglet Évaluation).",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      ${finalDue}::text as due_date, c.date_relance::text as date_relance,
      case when m.observations_received_at is not null
        then 'Observations reçues le ' || to_char(m.observations_received_at, 'DD/MM/YYYY')
        else 'Sans observations depuis le ' || to_char(${observationsDue} + 1, 'DD/MM/YYYY') end
        || ', définitif ' || lower(${dueIn(finalDue, today)}) as display_value,
      ${missionLink("evaluation")} as link
    from missions m ${missionClientJoin} ${deadlineSettingsJoin}
    where m.status <> 'FINALISED' and m.preliminary_sent_at is not null and m.final_report_at is null
      and (m.observations_received_at <= ${today}::date or ${today}::date > ${observationsDue})
      and ${today}::date <= ${finalDue}`,
};
