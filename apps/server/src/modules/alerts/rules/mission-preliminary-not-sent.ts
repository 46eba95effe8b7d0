import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";
import { missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/**
 * The preliminary report is uploaded (reviewed or not) but has not left for the ESSMS N days after
 * the upload: its observation period cannot start until it is sent.
 */
export const missionPreliminaryNotSent: AlertRule = {
  code: "mission-preliminary-not-sent",
  page: "ALERT_MISSION",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Rapport préliminaire non envoyé",
  description: "Rapport préliminaire déposé mais pas encore envoyé à l'établissement, passé le délai après le dépôt.",
  action: {
    code: "SEND_PRELIMINARY_REPORT",
    label: "Envoyer le rapport préliminaire",
    description: "Faire relire le rapport préliminaire puis l'envoyer à l'établissement (onglet Évaluation).",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après le dépôt du rapport", defaultDays: 7 },
  cases: ({ today, thresholdDays }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      (m.preliminary_uploaded_at + ${thresholdDays}::int)::text as due_date,
      c.date_relance::text as date_relance,
      'Déposé le ' || to_char(m.preliminary_uploaded_at, 'DD/MM/YYYY')
        || case when m.preliminary_reviewed_at is null then ', à relire' else ', relu' end
        || ', ' || ${lateBy(sql`m.preliminary_uploaded_at + ${thresholdDays}::int`, today)} as display_value,
      ${missionLink("evaluation")} as link
    from missions m ${missionClientJoin}
    where m.status <> 'FINALISED' and m.preliminary_uploaded_at is not null and m.preliminary_sent_at is null
      and m.preliminary_uploaded_at + ${thresholdDays}::int <= ${today}::date`,
};
