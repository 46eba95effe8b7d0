import type { Database, Executor } from "../../db/client.js";
import { type AuditActor, SYSTEM_ACTOR } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { BackgroundWork } from "../../lib/background.js";
import { badRequest, tooManyRequests } from "../../lib/errors.js";
import { assertPasswordPolicy } from "../../lib/password-policy.js";
import { hashPassword } from "../../lib/passwords.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { enqueueMail } from "../mail/index.js";
import {
  findPendingReset,
  findUserById,
  findUserByIdentifier,
  insertPasswordReset,
  savePasswordHash,
  useUpReset,
  voidPendingResets,
} from "./auth.repository.js";
import { createRateLimiter } from "./login-throttle.js";
import type { SessionStore } from "./session-store.js";

export const RESET_TTL_MS = 60 * 60_000;
export const RESET_PATH = "/reinitialiser-mot-de-passe";
const INVALID_LINK = "Ce lien de réinitialisation n'est plus valide (déjà utilisé ou expiré). Demandez-en un nouveau.";

export interface PasswordResetDeps {
  db: Database;
  sessions: SessionStore;
  publicUrl: string;
  background: BackgroundWork;
  limits?: PasswordResetLimits;
  onMailQueued?: () => void;
}

export interface PasswordResetLimits {
  /** Reset mails per identifier (whether it exists or not) per hour. */
  perIdentifier?: number;
  /** Reset requests per address per 15 minutes. */
  perAddress?: number;
  /** Invalid reset links tried per address per 15 minutes. */
  invalidLinksPerAddress?: number;
}

/** Whom a reset link is for: an active user with an e-mail address. */
export interface ResetTarget {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const TOO_MANY_REQUESTS = "Trop de demandes de réinitialisation. Réessayez dans quelques minutes.";

export function createPasswordResetService({
  db,
  sessions,
  publicUrl,
  background,
  limits = {},
  onMailQueued,
}: PasswordResetDeps) {
  // Their own counters: asking for a link never locks anyone out of signing in.
  const limiter = (name: string, windowMs: number, max: number) => createRateLimiter({ db, name, windowMs, max });
  const perIdentifier = limiter("reset:identifier", 60 * 60_000, limits.perIdentifier ?? 3);
  const perAddress = limiter("reset:address", 15 * 60_000, limits.perAddress ?? 20);
  const invalidLinks = limiter("reset:invalid-link", 15 * 60_000, limits.invalidLinksPerAddress ?? 10);

  /** Files a single-use link (only its hash is kept) and queues its mail, in the caller's transaction. */
  async function fileResetLink(tx: Executor, user: ResetTarget, by: AuditActor) {
    const token = newToken();
    const link = `${publicUrl}${RESET_PATH}?token=${token}`;
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await enqueueMail(tx, by, {
      templateCode: "PASSWORD_RESET",
      to: [user.email],
      variables: { link, user: { firstName: user.firstName, lastName: user.lastName } },
      containsSecret: true,
      relatedType: "user",
      relatedId: user.id,
    });
  }

  async function queueResetMail(identifier: string) {
    const user = await findUserByIdentifier(db, identifier);
    if (!user?.active || !user.email) return;
    const target = { ...user, email: user.email };
    await db.transaction((tx) =>
      fileResetLink(tx, target, { userId: user.id, label: `${user.firstName} ${user.lastName}` }),
    );
    onMailQueued?.();
  }

  return {
    /**
     * An administrator sends a user the same link as "mot de passe oublié" (they never choose another
     * person's password); `alongside` writes the administrator's audit entry in the same transaction.
     */
    async sendLinkFor(user: ResetTarget, by: AuditActor, alongside: (tx: Executor) => Promise<void>) {
      await db.transaction(async (tx) => {
        await fileResetLink(tx, user, by);
        await alongside(tx);
      });
      onMailQueued?.();
    },
    /**
     * Always answers the same way and in the same time, whether the identifier exists or not: the
     * look-up and the mail are done after the answer. For an active user with an e-mail, queues a
     * mail with a single-use link valid one hour; only the link's hash is stored.
     */
    async request(identifier: string, ip: string): Promise<void> {
      const key = identifier.trim().toLowerCase();
      const byAddress = await perAddress.take(ip);
      if (byAddress.retryAfter > 0) throw tooManyRequests(TOO_MANY_REQUESTS);
      if ((await perIdentifier.take(key)).retryAfter > 0) {
        await byAddress.cancel();
        throw tooManyRequests(TOO_MANY_REQUESTS);
      }
      background.run("mot de passe oublié", () => queueResetMail(identifier));
    },
    /**
     * Sets the new password from a valid link, uses the link up (and voids the user's other links), and ends
     * every session of the user.
     * The link is checked first (a cheap look-up) and invalid links are throttled: the slow hash is
     * only computed for a real link.
     */
    async reset(token: string, password: string, ip: string): Promise<void> {
      const attempt = await invalidLinks.take(ip);
      if (attempt.retryAfter > 0) throw tooManyRequests(TOO_MANY_REQUESTS);
      const pending = await findPendingReset(db, hashToken(token), new Date());
      if (!pending) throw badRequest(INVALID_LINK);
      await attempt.cancel();
      const owner = await findUserById(db, pending.userId);
      assertPasswordPolicy(password, owner ?? {});
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // Used up inside the transaction: of two parallel resets with one link, one wins.
        const reset = await useUpReset(tx, hashToken(token), new Date());
        if (!reset) throw badRequest(INVALID_LINK);
        const user = await savePasswordHash(tx, reset.userId, passwordHash, new Date(), { activeOnly: true });
        if (!user) throw badRequest(INVALID_LINK);
        // Every other link of the account goes with this one: an older mail cannot change the password again.
        await voidPendingResets(tx, user.id, new Date());
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
