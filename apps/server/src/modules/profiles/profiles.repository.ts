import {
  defaultGrants,
  PERMISSION_CODES,
  type PermissionCode,
  type PermissionGrant,
  PROFILE_TYPES,
  type ProfileType,
} from "@certidesk/shared";
import { count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { profilePermissions, profiles, users } from "../../db/schema/index.js";

type Row = typeof profilePermissions.$inferSelect;

function toGrant(row: Row): PermissionGrant {
  return {
    code: row.code as PermissionCode,
    operation: { create: row.canCreate, read: row.canRead, update: row.canUpdate, delete: row.canDelete },
  };
}

/** The grants of a profile, in catalogue order, a missing row meaning no right. */
export async function loadGrants(db: Executor, profileType: string): Promise<PermissionGrant[]> {
  const rows = await db.select().from(profilePermissions).where(eq(profilePermissions.profileType, profileType));
  return PERMISSION_CODES.map((code) => {
    const row = rows.find((r) => r.code === code);
    return row ? toGrant(row) : { code, operation: { create: false, read: false, update: false, delete: false } };
  });
}

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
