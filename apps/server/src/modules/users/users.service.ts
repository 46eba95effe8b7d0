import type { createUserBodySchema, ProfileType, UserRow, updateUserBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { partyOptions } from "../../lib/party-options.js";
import { assertPasswordPolicy } from "../../lib/password-policy.js";
import { hashPassword } from "../../lib/passwords.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { type PasswordResetService, type SessionStore, voidPendingResets } from "../auth/index.js";
import { assertAccountWithinReach, assertNotSelf, assertProfileGrantable } from "./administration.js";
import { temporaryPassword } from "./temporary-password.js";
import * as repo from "./users.repository.js";

type CreateInput = z.output<typeof createUserBodySchema>;
type UpdateInput = z.output<typeof updateUserBodySchema>;
type Links = { profileType: ProfileType; auditorId: string | null; clientId: string | null };

export interface UsersServiceDeps {
  db: Database;
  sessions: SessionStore;
  passwordReset: Pick<PasswordResetService, "sendLinkFor">;
  clock?: Clock;
}

/** Evaluators are linked to their evaluator file, client users to their client, staff to neither. */
async function checkLinks(db: Executor, links: Links): Promise<Links> {
  if (links.profileType === "AUDITEUR") {
    if (!links.auditorId) throw badRequest("Un utilisateur évaluateur doit être rattaché à un évaluateur.");
    if (!(await repo.partyExists(db, "auditor", links.auditorId))) throw badRequest("Évaluateur introuvable.");
    return { ...links, clientId: null };
  }
  if (links.profileType === "MYQUALIANOR") {
    if (!links.clientId) throw badRequest("Un utilisateur client doit être rattaché à un client.");
    if (!(await repo.partyExists(db, "client", links.clientId))) throw badRequest("Client introuvable.");
    return { ...links, auditorId: null };
  }
  return { ...links, auditorId: null, clientId: null };
}

type UserEntity = typeof users.$inferSelect;
const publicFields = (u: UserEntity) => ({
  identifier: u.identifier,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  profileType: u.profileType,
  active: u.active,
  auditorId: u.auditorId,
  clientId: u.clientId,
});

/** An account an administrator acts on: loaded, within their reach, not themselves. */
async function loadAdministered(db: Executor, actor: Actor, id: string) {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound("Utilisateur introuvable.");
  assertNotSelf(actor, id, "password");
  await assertAccountWithinReach(db, actor, user);
  return user;
}

export function createUsersService({ db, sessions, passwordReset, clock = systemClock }: UsersServiceDeps) {
  /** The last active Direction user can lose neither that profile nor their access. */
  async function guardLastDirector(tx: Executor, user: UserEntity, stillDirector: boolean) {
    if (user.profileType !== "DIR" || !user.active || stillDirector) return;
    if ((await repo.countActiveWithProfile(tx, "DIR")) <= 1) {
      throw conflict("Impossible : c'est le dernier utilisateur Direction actif.");
    }
  }

  /** The common options of a user write through versionedUpdate. */
  const write = (actor: Actor, id: string, version: number, requestId?: string) => ({
    db,
    clock,
    table: users,
    id,
    version,
    actor,
    requestId,
    entityType: "user",
    notFound: "Utilisateur introuvable.",
  });

  return {
    async list(query: repo.UserListQuery) {
      const { rows, total } = await repo.listUsers(db, query);
      const items: UserRow[] = rows.map(({ user, auditorName, clientName }) => ({
        id: user.id,
        identifier: user.identifier,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        profileType: user.profileType as ProfileType,
        active: user.active,
        mustChangePassword: user.mustChangePassword,
        auditorId: user.auditorId,
        auditorName,
        clientId: user.clientId,
        clientName,
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        version: user.version,
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async create(actor: Actor, input: CreateInput, requestId?: string) {
      assertPasswordPolicy(input.password, input);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        await assertProfileGrantable(tx, actor, input.profileType);
        if (await repo.identifierTaken(tx, input.identifier)) throw conflict("Cet identifiant est déjà utilisé.");
        const links = await checkLinks(tx, input);
        // The administrator's password is provisional: the user chooses their own at the first sign-in.
        const created = await repo.insertUser(tx, { ...input, ...links, passwordHash, mustChangePassword: true });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "user",
            entityId: created.id,
            summary: `Utilisateur ${created.identifier} créé (${created.profileType})`,
            changes: publicFields(created),
          },
          requestId,
        );
        return created;
      });
    },

    update: (actor: Actor, id: string, input: UpdateInput, requestId?: string) =>
      versionedUpdate({
        ...write(actor, id, input.version, requestId),
        apply: async (tx, user) => {
          await assertAccountWithinReach(tx, actor, user);
          if (input.profileType !== user.profileType) {
            assertNotSelf(actor, id, "profile");
            await assertProfileGrantable(tx, actor, input.profileType);
          }
          const links = await checkLinks(tx, input);
          await guardLastDirector(tx, user, links.profileType === "DIR");
          const { version: _v, ...values } = { ...input, ...links };
          return {
            values,
            summary: `Utilisateur ${user.identifier} modifié`,
            changes: diffFields(publicFields(user), publicFields({ ...user, ...values })),
          };
        },
        // A new profile changes the rights carried by live sessions: end them.
        after: async (tx, saved, user) => {
          if (saved.profileType !== user.profileType) await sessions.revokeAllForUser(tx, user.id);
        },
      }),

    async setActive(actor: Actor, id: string, input: { active: boolean; version: number }, requestId?: string) {
      if (!input.active && id === actor.userId) throw conflict("Vous ne pouvez pas désactiver votre propre compte.");
      return versionedUpdate({
        ...write(actor, id, input.version, requestId),
        apply: async (tx, user) => {
          await assertAccountWithinReach(tx, actor, user);
          if (!input.active) await guardLastDirector(tx, user, false);
          return {
            values: { active: input.active },
            summary: `Utilisateur ${user.identifier} ${input.active ? "réactivé" : "désactivé"}`,
            changes: { active: { from: user.active, to: input.active } },
          };
        },
        // Closed: no session goes on, and no reset link mailed before reopens it once reactivated.
        after: async (tx, _saved, user) => {
          if (input.active) return;
          await voidPendingResets(tx, user.id, clock.now());
          await sessions.revokeAllForUser(tx, user.id);
        },
      });
    },

    /** Mails the user a single-use link to choose their password (the one of "mot de passe oublié"). */
    async sendResetLink(actor: Actor, id: string, requestId?: string) {
      const user = await loadAdministered(db, actor, id);
      if (!user.active) throw conflict("Ce compte est désactivé : réactivez-le d'abord.");
      if (!user.email) {
        throw conflict("Ce compte n'a pas d'adresse e-mail : donnez-lui un mot de passe provisoire.");
      }
      await passwordReset.sendLinkFor({ ...user, email: user.email }, actor, (tx) =>
        writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "user",
            entityId: user.id,
            summary: `Lien de choix du mot de passe envoyé à ${user.identifier}`,
          },
          requestId,
        ),
      );
    },

    /**
     * A one-time password, made here and shown once to the administrator (where no mail leaves, as on a
     * laptop without SMTP): it opens nothing but the change of password at the next sign-in, and every
     * session of the user ends.
     */
    async issueTemporaryPassword(actor: Actor, id: string, requestId?: string) {
      const owner = await loadAdministered(db, actor, id);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await versionedUpdate({
        ...write(actor, id, owner.version, requestId),
        apply: async (tx, current) => {
          await assertAccountWithinReach(tx, actor, current);
          return {
            values: { passwordHash, mustChangePassword: true },
            summary: `Mot de passe provisoire donné à ${current.identifier}`,
          };
        },
        // The account's pending reset links die with its old password.
        after: async (tx) => {
          await voidPendingResets(tx, id, clock.now());
          await sessions.revokeAllForUser(tx, id);
        },
      });
      return { temporaryPassword: password };
    },

    linkOptions: (kind: "auditor" | "client", search?: string) => partyOptions(db, kind, search),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
