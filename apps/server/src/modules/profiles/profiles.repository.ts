import {
  defaultGrants,
  PERMISSION_CODES,
  type PermissionCode,
  type PermissionGrant,
  PROFILE_TYPES,
  type ProfileType,
} from "@certidesk/shared";
import { count, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { profilePermissions, profiles, users } from "../../db/schema/index.js";

type Row = Pick<typeof profilePermissions.$inferSelect, "code" | "canCreate" | "canRead" | "canUpdate" | "canDelete">;

function toGrant(row: Row): PermissionGrant {
  return {
    code: row.code as PermissionCode,
    operation: { create: row.canCreate, read: row.canRead, update: row.canUpdate, delete: row.canDelete },
  };
}

/** The grants of a profile, in catalogue order, a missing row meaning no right. */
export async function loadGrants(db: Executor, profileType: string): Promise<PermissionGrant[]> {
  return grantsFromRows(
    await db.select().from(profilePermissions).where(eq(profilePermissions.profileType, profileType)),
  );
}

/** A profile's grant rows (from `loadGrants` or `grantRowsJson`) as the full catalogue. */
export function grantsFromRows(rows: Row[]): PermissionGrant[] {
  return PERMISSION_CODES.map((code) => {
    const row = rows.find((r) => r.code === code);
    return row ? toGrant(row) : { code, operation: { create: false, read: false, update: false, delete: false } };
  });
}

/**
 * The grant rows of a profile as one JSON value, for a query that reads them with something else: the
 * session lookup of every request reads its user's grants in the same statement (one round trip).
 */
export const grantRowsJson = (profileType: SQL | AnyPgColumn) =>
  sql<
    Row[]
  >`(select coalesce(json_agg(json_build_object('code', pp.code, 'canCreate', pp.can_create, 'canRead', pp.can_read, 'canUpdate', pp.can_update, 'canDelete', pp.can_delete)), '[]'::json) from ${profilePermissions} pp where pp.profile_type = ${profileType})`;

export async function loadAllProfiles(db: Executor) {
  const [rows, versions, counts] = await Promise.all([
    db.select().from(profilePermissions),
    db.select().from(profiles),
    db
      .select({ profileType: users.profileType, n: count() })
      .from(users)
      .where(eq(users.active, true))
      .groupBy(users.profileType),
  ]);
  return PROFILE_TYPES.map((profileType) => ({
    profileType,
    version: versions.find((v) => v.profileType === profileType)?.version ?? 1,
    userCount: Number(counts.find((c) => c.profileType === profileType)?.n ?? 0),
    permissions: PERMISSION_CODES.map((code) => {
      const row = rows.find((r) => r.profileType === profileType && r.code === code);
      return row ? toGrant(row) : { code, operation: { create: false, read: false, update: false, delete: false } };
    }),
  }));
}

export async function replaceGrants(db: Executor, profileType: ProfileType, grants: PermissionGrant[]): Promise<void> {
  await db.delete(profilePermissions).where(eq(profilePermissions.profileType, profileType));
  await db.insert(profilePermissions).values(
    grants.map((g) => ({
      profileType,
      code: g.code,
      canCreate: g.operation.create,
      canRead: g.operation.read,
      canUpdate: g.operation.update,
      canDelete: g.operation.delete,
    })),
  );
}

/** Writes the default grants for profiles that have none yet (first start, new profile types). */
export async function ensureDefaultGrants(db: Executor): Promise<void> {
  const existing = await db.select({ profileType: profiles.profileType }).from(profiles);
  for (const profileType of PROFILE_TYPES) {
    if (existing.some((e) => e.profileType === profileType)) continue;
    await db.insert(profiles).values({ profileType }).onConflictDoNothing();
    await replaceGrants(db, profileType, defaultGrants(profileType));
  }
}
