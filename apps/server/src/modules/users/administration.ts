import { grantsWithin, PROFILE_LABELS, type ProfileType } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden } from "../../lib/errors.js";
import { loadGrants } from "../profiles/index.js";

/**
 * Who may administer whom. Holding ADMIN (checked by the route) is not enough: an administrator only
 * touches accounts and profiles whose rights they hold themselves, never their own profile, so that
 * administering never becomes a way to more rights than one has (a Quality manager given ADMIN could
 * otherwise set the Director's password, or make themselves Director).
 */
/** Whether a profile's rights are all held by the administrator. */
export async function profileWithinReach(tx: Executor, actor: Actor, profileType: ProfileType): Promise<boolean> {
  return grantsWithin(await loadGrants(tx, profileType), actor.grants);
}

/** The account's profile must be within reach (its rights all held by the administrator). */
export async function assertAccountWithinReach(tx: Executor, actor: Actor, target: { profileType: string }) {
  if (!(await profileWithinReach(tx, actor, target.profileType as ProfileType))) {
    throw forbidden(
      `Ce compte (profil ${PROFILE_LABELS[target.profileType as ProfileType] ?? target.profileType}) a des droits que vous n'avez pas : vous ne pouvez pas l'administrer.`,
    );
  }
}

/** A profile given to an account must be within reach. */
export async function assertProfileGrantable(tx: Executor, actor: Actor, profileType: ProfileType) {
  if (!(await profileWithinReach(tx, actor, profileType))) {
    throw forbidden(
      `Le profil ${PROFILE_LABELS[profileType]} a des droits que vous n'avez pas : vous ne pouvez pas l'attribuer.`,
    );
  }
}

/** Nobody changes their own profile, nor sets their own password through the administration. */
export function assertNotSelf(actor: Actor, targetId: string, what: "profile" | "password") {
  if (actor.userId !== targetId) return;
  throw forbidden(
    what === "profile"
      ? "Vous ne pouvez pas changer votre propre profil."
      : "Pour votre propre mot de passe, utilisez « Changer mon mot de passe » dans le menu de votre compte.",
  );
}
