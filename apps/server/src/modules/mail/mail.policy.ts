import { allow, defineResource, granted, isStaff } from "../../lib/policy.js";

/** A mail of the outbox: internal, seen by staff only. */
export const mailResource = defineResource<{ clientId: string | null }>()({
  name: "mail",
  actions: ["read", "resend", "delete"],
  notFound: "E-mail introuvable.",
  scope: isStaff,
});
allow(mailResource, "read", (actor) => granted(actor, "MAIL", "read"));
allow(mailResource, "resend", (actor) => granted(actor, "MAIL", "create"));
allow(mailResource, "delete", (actor) => granted(actor, "MAIL", "delete"));
