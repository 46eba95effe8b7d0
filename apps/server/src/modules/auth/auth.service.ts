import { type CurrentUser, MESSAGES, type ProfileType } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { AppError, badRequest, notFound, tooManyRequests } from "../../lib/errors.js";
import { assertPasswordPolicy } from "../../lib/password-policy.js";
import { decoyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.js";
import { canManageBackups } from "../backups/index.js";
import { canSeeHrDocuments } from "../documents/index.js";
import { loadGrants } from "../profiles/index.js";
import {
  findUserById,
  findUserByIdentifier,
  recordLogin,
  savePasswordHash,
  type UserRow,
  voidPendingResets,
} from "./auth.repository.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { SessionStore } from "./session-store.js";

export interface AuthServiceDeps {
  db: Database;
  sessions: SessionStore;
  throttle: LoginThrottle;
}

async function toCurrentUser(db: Database, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    identifier: user.identifier,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileType: user.profileType as ProfileType,
    permissions: await loadGrants(db, user.profileType),
    auditorId: user.auditorId,
    clientId: user.clientId,
    abilities: {
      readHrDocuments: canSeeHrDocuments({ profileType: user.profileType as ProfileType }),
      manageBackups: canManageBackups({ profileType: user.profileType as ProfileType }),
    },
    mustChangePassword: user.mustChangePassword,
  };
}

export function createAuthService({ db, sessions, throttle }: AuthServiceDeps) {
  return {
    async login(input: { identifier: string; password: string }, meta: { ip: string; userAgent?: string }) {
      // The attempt counts from now, before the slow password check: parallel guesses cannot all pass.
      const attempt = await throttle.reserve(input.identifier, meta.ip);
      if (!("succeed" in attempt)) {
        throw Object.assign(tooManyRequests(MESSAGES.tooManyAttempts), { retryAfter: attempt.retryAfter });
      }
      const user = await findUserByIdentifier(db, input.identifier);
      // An unknown identifier costs the same hash as a known one and gets the same answer.
      const ok = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await decoyPasswordHash()),
        attempt.known ? "priority" : "ordinary",
      );
      if (!user || !ok || !user.active) {
        attempt.fail();
        throw new AppError(401, "UNAUTHENTICATED", MESSAGES.badCredentials);
      }
      await attempt.succeed();
      const session = await db.transaction(async (tx) => {
        const created = await sessions.create(tx, user.id, meta);
        await recordLogin(tx, user.id, new Date());
        await writeAudit(
          tx,
          { userId: user.id, label: `${user.firstName} ${user.lastName}` },
          { action: "login", entityType: "user", entityId: user.id, summary: "Connexion" },
        );
        return created;
      });
      return { user: { ...(await toCurrentUser(db, user)), accessToken: session.token }, session };
    },

    async logout(actor: Actor) {
      await db.transaction(async (tx) => {
        await sessions.revoke(tx, actor.sessionId);
        await writeAudit(tx, actor, {
          action: "logout",
          entityType: "user",
          entityId: actor.userId,
          summary: "Déconnexion",
        });
      });
    },

    async me(actor: Actor): Promise<CurrentUser> {
      const user = await findUserById(db, actor.userId);
      if (!user) throw notFound();
      return toCurrentUser(db, user);
    },

    /** A user changes their own password; every other session of theirs ends. */
    async changeOwnPassword(actor: Actor, input: { currentPassword: string; newPassword: string }) {
      const user = await findUserById(db, actor.userId);
      if (!user) throw notFound();
      assertPasswordPolicy(input.newPassword, user);
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest("Le mot de passe actuel est incorrect.");
      }
      const passwordHash = await hashPassword(input.newPassword);
      const { session, saved } = await db.transaction(async (tx) => {
        const saved = await savePasswordHash(tx, user.id, passwordHash, new Date());
        await voidPendingResets(tx, user.id, new Date());
        await sessions.revokeAllForUser(tx, user.id);
        await writeAudit(tx, actor, {
          action: "update",
          entityType: "user",
          entityId: user.id,
          summary: "Mot de passe modifié par l'utilisateur",
        });
        return { session: await sessions.create(tx, user.id, {}), saved };
      });
      // Outside the transaction: on PGlite's single connection a query on `db` inside it would wait forever.
      return { user: { ...(await toCurrentUser(db, saved ?? user)), accessToken: session.token }, session };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
