import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionLink } from "../sql-helpers.js";

/**
 * An upcoming visit (not finalised, last day not past) with a team member who can no longer go:
 * their file was deactivated, or a document of theirs expires before the visit's last day with no
 * newer one of the same kind. Raised the day it happens, whatever path changed the evaluator.
 */
export const missionTeamUnfit: AlertRule = {
  code: "mission-team-unfit",
  page: "ALERT_PLANIFICATION",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Évaluateur inactif ou document expiré",
  description:
    "Mission à venir dont un évaluateur a été désactivé ou n'a plus un document valide le jour de la visite.",
  action: {
    code: "REPLACE_EVALUATOR",
    label: "Remplacer l'évaluateur",
    description: "Remplacer l'évaluateur dans l'équipe, ou obtenir le document à jour.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      m.first_day::text as due_date, c.date_relance::text as date_relance,
      string_agg(a.first_name || ' ' || a.last_name || (case when not a.active then ' : inactif'
        else ' : document expiré' end), ', ' order by a.last_name, a.first_name) as display_value,
      ${missionLink("m")} as link
    from missions m join clients c on c.id = m.client_id
      join mission_team_members tm on tm.mission_id = m.id
      join auditors a on a.id = tm.auditor_id
    where m.status <> 'FINALISED' and (m.last_day is null or m.last_day >= ${today}::date)
      and (not a.active or exists (
        select 1 from documents d
        where d.auditor_id = a.id and d.family = 'AUDITOR' and d.deleted_at is null
          and d.auditor_document_kind is not null and d.valid_until is not null
          and d.valid_until < coalesce(m.last_day, ${today}::date)
          and not exists (
            select 1 from documents n
            where n.auditor_id = a.id and n.family = 'AUDITOR' and n.deleted_at is null
              and n.auditor_document_kind = d.auditor_document_kind
              and (n.valid_until is null or n.valid_until >= coalesce(m.last_day, ${today}::date)))))
    group by m.id, m.client_id, m.first_day, c.raison_social, c.postal_code, c.date_relance`,
};
