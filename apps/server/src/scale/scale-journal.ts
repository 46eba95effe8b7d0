import type { DatabaseHandle } from "../db/client.js";

const ACTORS = ["Julien Moreau", "Claire Durand", "Sophie Lefèvre", "Mathieu Roux", "Hélène Lambert", "Nadia Benali"];

interface JournalShare {
  entityType: string;
  ids: string[];
  share: number;
  /** [action, summary] pairs, the summary ending with the row's position (support reads them). */
  events: [string, string][];
}

/**
 * The journal (audit_log) grows with every write: a million entries spread over the years, each about
 * one of the generated rows. Written by PostgreSQL itself (INSERT … SELECT generate_series, 100,000 at a
 * time) — a million rows through the driver would take longer than the rest of the base. Ids and
 * contents come from md5 of the seed and the row's number, so the same seed gives the same journal.
 */
export async function seedJournal(
  handle: DatabaseHandle,
  input: { total: number; seed: number; from: Date; to: Date; shares: JournalShare[] },
) {
  const weight = input.shares.reduce((a, s) => a + s.share, 0);
  let offset = 0;
  for (const share of input.shares) {
    if (!share.ids.length) continue;
    const n = Math.round((input.total * share.share) / weight);
    for (let start = 0; start < n; start += 100_000) {
      const end = Math.min(n, start + 100_000);
      await handle.queryRaw(
        `insert into audit_log (id, occurred_at, actor_label, action, entity_type, entity_id, summary)
         select md5($1::text || ':' || (g + $2::int))::uuid,
                $3::timestamptz + ($4::timestamptz - $3::timestamptz)
                  * (('x' || substr(md5($1::text || ':t:' || (g + $2::int)), 1, 8))::bit(32)::bigint::float8 / 4294967296),
                ($5::text[])[1 + (g % cardinality($5::text[]))],
                ($6::text[])[1 + (g % cardinality($6::text[]))],
                $7,
                ($8::uuid[])[1 + (g % cardinality($8::uuid[]))]::text,
                ($9::text[])[1 + (g % cardinality($9::text[]))] || ' (n° ' || (1 + g % cardinality($8::uuid[])) || ')'
           from generate_series($10::int, $11::int - 1) g`,
        [
          String(input.seed),
          offset,
          input.from.toISOString(),
          input.to.toISOString(),
          ACTORS,
          share.events.map((e) => e[0]),
          share.entityType,
          share.ids,
          share.events.map((e) => e[1]),
          start,
          end,
        ],
      );
    }
    offset += n;
  }
}
