import type { ProfileType } from "@certidesk/shared";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors, clients, users } from "../../db/schema/index.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql as folded, matchEveryWord } from "../../lib/search-text.js";

export interface UserListQuery {
  page: number;
  pageSize: number;
  search?: string;
  profileType?: ProfileType;
  status: "active" | "inactive" | "all";
  sort: "identifier" | "lastName" | "profileType" | "lastLoginAt" | "createdAt";
  direction: "asc" | "desc";
}

const SORT_COLUMNS = {
  identifier: users.identifier,
  lastName: users.lastName,
  profileType: users.profileType,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export async function listUsers(db: Executor, q: UserListQuery) {
  const filters: SQL[] = [];
  if (q.profileType) filters.push(eq(users.profileType, q.profileType));
  if (q.status !== "all") filters.push(eq(users.active, q.status === "active"));
  const match = matchEveryWord(q.search, (pattern) =>
    or(
      ilike(folded(sql`${users.identifier}`), pattern),
      ilike(folded(sql`${users.firstName} || ' ' || ${users.lastName}`), pattern),
      ilike(folded(sql`coalesce(${users.email}, '')`), pattern),
    ),
  );
  if (match) filters.push(match);
  const where = filters.length ? and(...filters) : undefined;
  const order = q.direction === "asc" ? asc(SORT_COLUMNS[q.sort]) : desc(SORT_COLUMNS[q.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: users,
        auditorName: sql<string | null>`${auditors.firstName} || ' ' || ${auditors.lastName}`,
        clientName: clients.raisonSocial,
      })
      .from(users)
      .leftJoin(auditors, eq(auditors.id, users.auditorId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function identifierTaken(db: Executor, identifier: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.identifier})`, identifier.toLowerCase()))
    .limit(1);
  return !!row && row.id !== exceptId;
}

export async function countActiveWithProfile(db: Executor, profileType: ProfileType) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.profileType, profileType), eq(users.active, true)));
  return Number(row?.n ?? 0);
}

export async function partyExists(db: Executor, kind: "auditor" | "client", id: string) {
  const table = kind === "auditor" ? auditors : clients;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return !!row;
}

export async function insertUser(tx: Executor, values: typeof users.$inferInsert) {
  const [created] = await tx.insert(users).values(values).returning();
  if (!created) throw new Error("user not created");
  return created;
}
