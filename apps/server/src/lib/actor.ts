import type { PermissionGrant, ProfileType } from "@certidesk/shared";

/** The signed-in user as every service sees it. */
export interface Actor {
  userId: string;
  label: string;
  profileType: ProfileType;
  grants: PermissionGrant[];
  auditorId: string | null;
  clientId: string | null;
  sessionId: string;
  /** Signed in with a provisional password: only choosing their own is allowed (plugins/permissions.ts). */
  mustChangePassword: boolean;
}

/** Who a write is attributed to in the audit log: a user, or the system (demo data, CLI). */
export type AuditActor = Pick<Actor, "userId" | "label"> | { userId: null; label: string };
export const SYSTEM_ACTOR: AuditActor = { userId: null, label: "Système" };
