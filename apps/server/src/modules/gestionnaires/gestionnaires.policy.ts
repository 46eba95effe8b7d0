import { allow, defineResource, granted, isStaff } from "../../lib/policy.js";

/** A managing organisation (organisme gestionnaire): staff records. */
export const gestionnaireResource = defineResource<{ id: string }>()({
  name: "gestionnaire",
  actions: ["read", "update"],
  notFound: "Gestionnaire introuvable.",
  scope: isStaff,
});
allow(gestionnaireResource, "read", (actor) => granted(actor, "GESTIONNAIRE", "read"));
allow(gestionnaireResource, "update", (actor) => granted(actor, "GESTIONNAIRE", "update"));
