import { sql } from "drizzle-orm";
import { sqlInstant } from "../../../lib/clock.js";
import { canManageBackups } from "../../backups/index.js";
import type { AlertRule } from "../alert-rule.js";

/** One case at most, always under the same key: its comments and history follow it from one day to the next. */
const BACKUPS_RECORD = "00000000-0000-4000-8000-0000000bac0b";
/** A disk is short when it cannot hold three more backups like the last one, or has less than 1 GB left. */
const MIN_FREE_BYTES = 1024 ** 3;

/**
 * The embedded base's daily backup (modules/backups) needs looking at: its last success is more than two
 * days old (or it never succeeded), or the disk beside the backups is short. Read from backup_runs, which
 * only the scheduled backup writes: a base on PostgreSQL (pg_dump, PITR) never has a case.
 */
export const backupOverdue: AlertRule = {
  code: "backup-overdue",
  page: "ALERT_DATE",
  permission: { code: "SETTING", op: "read" },
  audience: canManageBackups,
  title: "Sauvegarde à vérifier",
  description:
    "La dernière sauvegarde réussie de la base date de plus de 2 jours, ou le disque n'a plus la place des suivantes.",
  action: {
    code: "CHECK_BACKUPS",
    label: "Voir les sauvegardes",
    description: "Ouvrir Paramètres › Sauvegardes : la dernière tentative, son erreur, l'espace libre.",
  },
  removable: false,
  changeable: false,
  cases: ({ now }) => sql`
    select ${BACKUPS_RECORD}::text as record_id, 'Sauvegardes de la base' as raison_social, null::text as postal_code,
      to_char(coalesce(ok.started_at, last.started_at) at time zone 'Europe/Paris' + interval '2 days', 'YYYY-MM-DD') as due_date,
      null::text as date_relance,
      case
        when ok.started_at is null then 'Aucune sauvegarde réussie'
        when ok.started_at < ${sqlInstant(now)} - interval '2 days'
          then 'Dernière sauvegarde réussie le ' || to_char(ok.started_at at time zone 'Europe/Paris', 'DD/MM/YYYY')
        else 'Disque presque plein : ' || replace(round(last.free_bytes / 1073741824.0, 1)::text, '.', ',') || ' Go libres'
      end as display_value,
      '/app/setting/sauvegardes' as link
    from (select started_at, free_bytes from backup_runs order by started_at desc limit 1) last
    left join lateral (select started_at, size_bytes from backup_runs where ok order by started_at desc limit 1) ok on true
    where ok.started_at is null or ok.started_at < ${sqlInstant(now)} - interval '2 days'
      or last.free_bytes < greatest(${MIN_FREE_BYTES}::bigint, 3 * coalesce(ok.size_bytes, 0))`,
};
