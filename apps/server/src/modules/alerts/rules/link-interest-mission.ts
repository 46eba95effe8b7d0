import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionLink } from "../sql-helpers.js";

/**
 * A planned mission (not finalised, visit not past) with an evaluator of its team whose link of
 * interest runs over the visit and touches the evaluated ESSMS: the ESSMS itself, its legal entity
 * or its gestionnaire, or (the impartiality engine's same-département rule, when on in Settings ›
 * Évaluateurs) a job in another ESSMS of the same département. One row per mission, listing the
 * evaluators (the spec's auditorsHasLinkSalarieInEssmsOfSamePostalCode… column).
 */
export const linkInterestMission: AlertRule = {
  code: "link-interest-mission",
  page: "ALERT_LIEN",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Lien d'intérêt sur une mission planifiée",
  description:
    "Un évaluateur de l'équipe a un lien d'intérêt avec l'ESSMS évalué ou travaille dans le même département.",
  action: {
    code: "CHECK_IMPARTIALITY",
    label: "Vérifier l'impartialité",
    description: "Remplacer l'évaluateur, ou archiver l'alerte si le lien est sans conséquence.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, min(c.raison_social) as raison_social, min(c.postal_code) as postal_code,
      coalesce(min(m.first_day), ${today}::date)::text as due_date, min(c.date_relance)::text as date_relance,
      string_agg(distinct a.first_name || ' ' || a.last_name || ' (' || hit.reason || ')', ', ') as display_value,
      min(${missionLink("m")}) as link
    from missions m
      join clients c on c.id = m.client_id
      left join legal_entities le on le.id = c.legal_entity_id
      join mission_team_members tm on tm.mission_id = m.id
      join auditors a on a.id = tm.auditor_id
      join auditor_links l on l.auditor_id = tm.auditor_id
        and l.start_date <= coalesce(m.last_day, ${today}::date)
        and (l.end_date is null or l.end_date >= greatest(coalesce(m.first_day, ${today}::date), ${today}::date))
      left join clients lc on l.organisation_type = 'ESSMS' and lc.id = l.organisation_id
      cross join lateral (select case
          when l.organisation_type = 'ESSMS' and l.organisation_id = c.id then 'lien avec l''ESSMS'
          when l.organisation_type = 'LEGAL_ENTITY' and l.organisation_id = c.legal_entity_id then 'lien avec l''entité juridique'
          when l.organisation_type = 'GESTIONNAIRE' and l.organisation_id = le.gestionnaire_id then 'lien avec le gestionnaire'
          when l.nature = 'EMPLOYMENT' and lc.departement = c.departement
            and coalesce((select s.same_departement_rule from impartiality_settings s where s.id = 1), true)
            then 'salarié d''un ESSMS du ' || c.departement
        end as reason) hit
    where m.status <> 'FINALISED' and (m.last_day is null or m.last_day >= ${today}::date) and hit.reason is not null
    group by m.id`,
};
