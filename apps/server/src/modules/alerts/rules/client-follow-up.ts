import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";

/** A client's follow-up date (dateRelance) is reached. */
export const clientFollowUp: AlertRule = {
  code: "client-follow-up",
  page: "ALERT_DATE",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Relance client échue",
  description: "Client dont la date de relance est atteinte.",
  action: {
    code: "FOLLOW_UP_CLIENT",
    label: "Relancer le client",
    description: "Contacter le client puis fixer la prochaine relance.",
  },
  removable: true,
  changeable: true,
  cases: ({ today }) => sql`
    select c.id::text as record_id, c.raison_social, c.postal_code,
      c.date_relance::text as due_date, c.date_relance::text as date_relance,
      ${lateBy(sql`c.date_relance`, today)} as display_value,
      '/app/timeline-client/' || c.id as link
    from clients c
    where c.client_since is not null and c.date_relance <= ${today}::date`,
};
