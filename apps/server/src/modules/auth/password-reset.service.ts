import { passwordSchema } from "@certidesk/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { passwordResets, users } from "../../db/schema/index.js";
import { SYSTEM_ACTOR } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, tooManyRequests } from "../../lib/errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { enqueueMail } from "../mail/index.js";
import type { LoginThrottle } from "./login-throttle.js";
import type { SessionStore } from "./session-store.js";

export const RESET_TTL_MS = 60 * 60_000;
export const RESET_PATH = "/reinitialiser-mot-de-passe";
const INVALID_LINK = "Ce lien de réinitialisation n'est plus valide (déjà utilisé ou expiré). Demandez-en un nouveau.";

export interface PasswordResetDeps {
  db: Database;
  sessions: SessionStore;
  publicUrl: string;
  throttle: LoginThrottle;
  onMailQueued?: () => void;
}

export function createPasswordResetService({ db, sessions, publicUrl, throttle, onMailQueued }: PasswordResetDeps) {
  return {
    /**
     * Always answers the same way, whether the identifier exists or not. For an active user with an
     * e-mail, queues a mail with a single-use link valid one hour; only the link's hash is stored.
     */
    async request(identifier: string, ip: string): Promise<void> {
      if (throttle.retryAfter(`reset:${identifier}`, ip) > 0) {
        throw tooManyRequests("Trop de demandes de réinitialisation. Réessayez dans quelques minutes.");
      }
      throttle.fail(`reset:${identifier}`, ip);
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.identifier})`, identifier.toLowerCase()))
        .limit(1);
      if (!user?.active || !user.email) return;
      const token = newToken();
      const link = `${publicUrl}${RESET_PATH}?token=${token}`;
      await db.transaction(async (tx) => {
        await tx
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        await enqueueMail(
          tx,
          { userId: user.id, label: `${user.firstName} ${user.lastName}` },
          {
            templateCode: "PASSWORD_RESET",
            to: [user.email as string],
            variables: { link, user: { firstName: user.firstName, lastName: user.lastName } },
            containsSecret: true,
            relatedType: "user",
            relatedId: user.id,
          },
        );
      });
      onMailQueued?.();
    },

    /** Sets the new password from a valid link, uses the link up, and ends every session of the user. */
    async reset(token: string, password: string): Promise<void> {
      const parsed = passwordSchema.safeParse(password);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
      const passwordHash = await hashPassword(parsed.data);
      await db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!reset) throw badRequest(INVALID_LINK);
        const [user] = await tx
          .update(users)
          .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: new Date() })
          .where(and(eq(users.id, reset.userId), eq(users.active, true)))
          .returning();
        if (!user) throw badRequest(INVALID_LINK);
        await sessions.revokeAllForUser(tx, user.id);
        await writeAudit(
          tx,
          { ...SYSTEM_ACTOR, label: `${user.firstName} ${user.lastName}` },
          {
            action: "update",
            entityType: "user",
            entityId: user.id,
            summary: "Mot de passe réinitialisé par lien e-mail",
          },
        );
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
