import { allow, defineResource, granted, isStaff } from "../../lib/policy.js";

export interface SavedViewRecord {
  ownerId: string;
  sharedProfileType: string | null;
}

/**
 * A saved view of a list: its owner sees and manages it; the users of the profile it is shared with see it,
 * read-only. Nobody else learns it exists (404), whatever their rights.
 */
export const savedViewResource = defineResource<SavedViewRecord>()({
  name: "saved-view",
  actions: ["read", "update", "delete"],
  notFound: "Vue introuvable.",
  scope: (actor, view) => view.ownerId === actor.userId || view.sharedProfileType === actor.profileType,
});
allow(savedViewResource, "read", () => true);
allow(savedViewResource, ["update", "delete"], (actor, view) => view.ownerId === actor.userId);

/**
 * Sharing a view shows it to a whole profile: a choice for the body, like its other settings, so it takes
 * SETTING in modification (Direction and QSE by default), and staff only.
 */
export const mayShareViews = (actor: Parameters<typeof isStaff>[0]) =>
  isStaff(actor) && granted(actor, "SETTING", "update");
