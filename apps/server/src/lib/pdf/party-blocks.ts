import type { clients, contacts, legalEntities } from "../../db/schema/index.js";

/** Who a quote or a contract is for: the legal entity that signs and pays, its contact, the ESSMS evaluated. */
export interface PartyContext {
  entity: typeof legalEntities.$inferSelect | null;
  contact: typeof contacts.$inferSelect | null;
  establishments: Array<typeof clients.$inferSelect>;
}

/** The client block: legal entity (who signs and pays) and the establishments evaluated. */
export function partyBlock(ctx: PartyContext) {
  const e = ctx.entity;
  return [
    { text: e?.raisonSocial ?? "", bold: true },
    { text: [e?.address, [e?.postalCode, e?.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") },
    {
      text: [e?.siren && `SIREN ${e.siren}`, e?.siret && `SIRET ${e.siret}`, e?.vatNumber && `TVA ${e.vatNumber}`]
        .filter(Boolean)
        .join(" · "),
      style: "small",
    },
    ctx.contact
      ? {
          text: `À l'attention de ${ctx.contact.firstName} ${ctx.contact.lastName}${ctx.contact.occupation ? `, ${ctx.contact.occupation}` : ""}`,
          margin: [0, 4, 0, 0],
        }
      : { text: "" },
  ];
}

export function establishmentsBlock(ctx: PartyContext) {
  return {
    ul: ctx.establishments.map(
      (c) =>
        `${c.raisonSocial} — FINESS ${c.finess ?? "—"} — ${[c.address, c.postalCode, c.city].filter(Boolean).join(" ")}`,
    ),
    margin: [0, 0, 0, 8],
  };
}
