import { PERFORMANCE_WITHOUT_SATISFACTION_TYPE } from "@certidesk/shared";
import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/**
 * N days after the visit the ESSMS has not answered its satisfaction questionnaire (or it was never
 * sent). The spec's type whose DELETE is hidden: the row stays until the answer comes.
 */
export const performanceSatisfactionMissing: AlertRule = {
  code: PERFORMANCE_WITHOUT_SATISFACTION_TYPE,
  page: "ALERT_PERFORMANCE",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Questionnaire de satisfaction manquant",
  description: "La visite est passée et l'établissement n'a pas répondu au questionnaire de satisfaction.",
  action: {
    code: "CHASE_SATISFACTION",
    label: "Relancer le questionnaire",
    description: "Envoyer ou renvoyer le questionnaire de satisfaction à l'établissement (onglet Performance).",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après la visite", defaultDays: 15 },
  cases: ({ today, thresholdDays }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      (m.last_day + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      case when s.id is null then 'Questionnaire non envoyé'
        else 'Envoyé le ' || to_char(s.sent_at at time zone 'Europe/Paris', 'DD/MM/YYYY') || ', sans réponse' end
        || ', visite du ' || to_char(m.last_day, 'DD/MM/YYYY') as display_value,
      ${missionLink("performance")} as link
    from missions m ${missionClientJoin}
      left join satisfaction_surveys s on s.mission_id = m.id
    where m.last_day is not null and (s.id is null or s.answered_at is null)
      and m.last_day + ${thresholdDays}::int <= ${today}::date`,
};
