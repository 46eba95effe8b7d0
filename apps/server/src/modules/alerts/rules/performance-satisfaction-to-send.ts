import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/**
 * The ESSMS answered its satisfaction questionnaire and the answers have not gone to the evaluators:
 * the row's own action (sendSatisfactionToAuditor) sends them, once, and the row leaves.
 */
export const performanceSatisfactionToSend: AlertRule = {
  code: "performance-satisfaction-to-send",
  page: "ALERT_PERFORMANCE",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Satisfaction à transmettre aux évaluateurs",
  description:
    "L'établissement a répondu au questionnaire de satisfaction : ses réponses sont à envoyer aux évaluateurs.",
  action: {
    code: "SEND_SATISFACTION_TO_AUDITOR",
    label: "Envoyer aux évaluateurs",
    description: "Envoyer les réponses du questionnaire de satisfaction aux évaluateurs de la mission.",
  },
  removable: true,
  changeable: false,
  sendSatisfaction: true,
  cases: () => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      (s.answered_at at time zone 'Europe/Paris')::date::text as due_date, c.date_relance::text as date_relance,
      'Réponse reçue le ' || to_char(s.answered_at at time zone 'Europe/Paris', 'DD/MM/YYYY') as display_value,
      ${missionLink("performance")} as link
    from satisfaction_surveys s join missions m on m.id = s.mission_id ${missionClientJoin}
    where s.answered_at is not null and s.sent_to_auditors_at is null`,
};
