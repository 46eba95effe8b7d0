import { eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../db/client.js";
import { documents, wallComments, wallPostDocuments, wallPosts, wallReads } from "../db/schema/index.js";

interface Member {
  id: string;
  label: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PINNED_TITLE = "Référentiel HAS v2025 : ce qui change pour vos visites";

/**
 * The wall's demo: an announcement pinned for the evaluators and the planning team, staff news,
 * comments and readers, dated in the days before `now` so the feed reads like a real week.
 */
export async function seedWallDemo(
  tx: Executor,
  {
    now,
    member,
  }: { now: Date; member: (profile: "DIR" | "CC" | "CMCC" | "CPI" | "QSE" | "RH" | "AUDITEUR" | "COMPTA") => Member },
) {
  const at = (ms: number) => new Date(now.getTime() - ms);
  const post = async (values: Omit<typeof wallPosts.$inferInsert, "authorId" | "authorLabel">, author: Member) => {
    const [row] = await tx
      .insert(wallPosts)
      .values({ ...values, authorId: author.id || null, authorLabel: author.label, updatedAt: values.createdAt })
      .returning({ id: wallPosts.id });
    if (!row) throw new Error("demo wall post not inserted");
    return row.id;
  };
  const dir = member("DIR");
  const pinned = await post(
    {
      title: PINNED_TITLE,
      text: "Bonjour à toutes et à tous,\n\nLe référentiel v2025 s'applique à toutes les visites programmées à partir du 1er juillet : deux jours de visite au moins, et les critères impératifs revus.\nLa synthèse est jointe ; merci de la lire avant votre prochaine mission.\n\nClaire",
      pinned: true,
      audience: ["AUDITEUR", "CPI", "CMCC"],
      createdAt: at(3 * DAY),
    },
    dir,
  );
  const party = await post(
    {
      text: "Le pot de fin d'année aura lieu le vendredi 18/12 à 17h dans la grande salle. Inscriptions auprès d'Isabelle.",
      audience: ["STAFF"],
      createdAt: at(2 * DAY),
    },
    member("RH"),
  );
  const quality = await post(
    {
      title: "Audit COFRAC de surveillance",
      text: "L'audit de surveillance COFRAC aura lieu les 9 et 10 février.\nMerci de tenir à jour les déclarations d'intérêts et les dossiers de mission d'ici là.",
      audience: ["STAFF", "AUDITEUR"],
      createdAt: at(DAY),
    },
    member("QSE"),
  );
  const sales = await post(
    {
      text: "Trois nouvelles demandes d'EHPAD du Rhône cette semaine : pensez à vérifier les disponibilités de janvier avant de proposer des dates.",
      audience: ["CC", "CPI", "CMCC"],
      createdAt: at(5 * HOUR),
    },
    member("CC"),
  );
  const comment = (postId: string, author: Member, text: string, ms: number) =>
    tx.insert(wallComments).values({
      postId,
      text,
      authorId: author.id || null,
      authorLabel: author.label,
      createdAt: at(ms),
      updatedAt: at(ms),
    });
  await comment(
    pinned,
    member("CPI"),
    "Bien noté : je vérifie les programmes de juillet qui prévoyaient une seule journée.",
    2 * DAY,
  );
  await comment(pinned, member("CMCC"), "Je relaie aux coordinateurs lors de la réunion de lundi.", 2 * DAY - 3 * HOUR);
  await comment(party, member("COMPTA"), "Je m'inscris !", DAY + 2 * HOUR);
  // Readers: the author of each post (as the service records it), and a few colleagues; the demo evaluator has not read the COFRAC news yet.
  const reads: Array<[string, Member, number]> = [
    [pinned, dir, 3 * DAY],
    [pinned, member("CPI"), 2 * DAY + HOUR],
    [pinned, member("CMCC"), 2 * DAY],
    [pinned, member("AUDITEUR"), 2 * DAY - HOUR],
    [party, member("RH"), 2 * DAY],
    [party, member("COMPTA"), DAY + 3 * HOUR],
    [party, dir, DAY + 2 * HOUR],
    [quality, member("QSE"), DAY],
    [quality, dir, 20 * HOUR],
    [sales, member("CC"), 5 * HOUR],
  ];
  const rows = reads.filter(([, m]) => m.id).map(([postId, m, ms]) => ({ postId, userId: m.id, readAt: at(ms) }));
  if (rows.length) await tx.insert(wallReads).values(rows).onConflictDoNothing();
}

/** Once the library exists: the announcement carries the référentiel's synthesis and the visit guide. */
export async function attachDemoWallDocuments(db: Database) {
  const [announcement] = await db.select({ id: wallPosts.id }).from(wallPosts).where(eq(wallPosts.title, PINNED_TITLE));
  if (!announcement) return;
  const docs = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      inArray(documents.name, [
        "Référentiel d'évaluation des ESSMS — synthèse v2025",
        "Guide de l'évaluateur — conduite de la visite",
      ]),
    );
  const ordered = docs.sort((a, b) => a.name.localeCompare(b.name, "fr")).reverse();
  if (ordered.length)
    await db
      .insert(wallPostDocuments)
      .values(ordered.map((d, position) => ({ postId: announcement.id, documentId: d.id, position })))
      .onConflictDoNothing();
}
