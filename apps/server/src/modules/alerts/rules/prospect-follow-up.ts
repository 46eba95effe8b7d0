import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";

/** A request in progress whose follow-up date (dateRelance) is reached. */
export const prospectFollowUp: AlertRule = {
  code: "prospect-follow-up",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Relance prospect échue",
  description: "Demande en cours dont la date de relance est atteinte.",
  action: {
    code: "FOLLOW_UP_PROSPECT",
    label: "Relancer le prospect",
    description: "Contacter le prospect puis fixer la prochaine relance.",
  },
  removable: true,
  changeable: true,
  cases: ({ today }) => sql`
    select r.id::text as record_id, le.raison_social, le.postal_code,
      r.date_relance::text as due_date, r.date_relance::text as date_relance,
      ${lateBy(sql`r.date_relance`, today)} as display_value,
      '/app/timeline-prospect/' || r.id as link
    from request_clients r join legal_entities le on le.id = r.legal_entity_id
    where r.archived_at is null and r.status not in ('SIGNED', 'REFUSE') and r.date_relance <= ${today}::date`,
};
