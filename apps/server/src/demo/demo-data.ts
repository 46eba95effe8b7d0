import { PROFILE_TYPES, type ProfileType } from "@certidesk/shared";
import { count } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { auditors, clients, configuration, users } from "../db/schema/index.js";
import { SYSTEM_ACTOR } from "../lib/actor.js";
import { writeAudit } from "../lib/audit.js";
import { hashPassword, PUBLIC_PASSWORD_COST } from "../lib/passwords.js";
import { seedAlertsDemo } from "./demo-alerts.js";
import { seedCommercialDemo } from "./demo-commercial.js";
import { seedEvaluatorsDemo } from "./demo-evaluators.js";
import { seedExpenseDemo } from "./demo-expenses.js";
import { seedDemoHistory } from "./demo-history.js";
import { seedInvoiceDemo } from "./demo-invoices.js";
import { seedMissionDemo } from "./demo-missions.js";
import { seedEvaluatorSpaceDemo } from "./demo-portal.js";
import { seedStatisticsDemo } from "./demo-statistics.js";
import { seedWallDemo } from "./demo-wall.js";

/** The one generator of demo data; later modules add their own section here. */
export const DEMO_PASSWORD = "Demo-2026";

const DEMO_NAMES: Record<ProfileType, [string, string]> = {
  DIR: ["Claire", "Durand"],
  CC: ["Julien", "Moreau"],
  CMCC: ["Sophie", "Lefèvre"],
  CMADMIN: ["Nadia", "Benali"],
  QSE: ["Thomas", "Girard"],
  RH: ["Isabelle", "Fournier"],
  CPI: ["Mathieu", "Roux"],
  COMPTA: ["Hélène", "Lambert"],
  AUDITEUR: ["Marc", "Dubois"],
  MYQUALIANOR: ["Émilie", "Garnier"],
};

export const demoIdentifier = (profile: ProfileType) =>
  profile === "MYQUALIANOR" ? "client@demo.fr" : `${profile.toLowerCase()}@demo.fr`;

/**
 * Loads the demo data set when the database has no user and no establishment yet; returns whether it did.
 * A base filled otherwise (`npm run seed:scale` alone) keeps what it has: the demo's numbers would collide
 * with its own.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing?.n ?? 0) > 0) return false;
  if ((await db.select({ id: clients.id }).from(clients).limit(1)).length > 0) return false;
  // One hash for all demo accounts: they share the documented password, and start-up stays quick. A public
  // password: a cheap hash (PUBLIC_PASSWORD_COST).
  const passwordHash = await hashPassword(DEMO_PASSWORD, PUBLIC_PASSWORD_COST);
  await db.transaction(async (tx) => {
    const [auditor] = await tx
      .insert(auditors)
      .values({
        firstName: "Marc",
        lastName: "Dubois",
        email: "auditeur@demo.fr",
        phone: "0612345678",
        postalCode: "69003",
        city: "Lyon",
        departement: "69",
      })
      .returning();
    const [client] = await tx
      .insert(clients)
      .values({
        raisonSocial: "EHPAD Les Tilleuls",
        siret: "26690001200017",
        address: "12 rue des Tilleuls",
        postalCode: "69100",
        city: "Villeurbanne",
        email: "direction@ehpad-tilleuls.demo.fr",
        phone: "0478123456",
      })
      .returning();
    const staff = new Map<ProfileType, { id: string; label: string }>();
    for (const profileType of PROFILE_TYPES) {
      const [firstName, lastName] = DEMO_NAMES[profileType];
      const [user] = await tx
        .insert(users)
        .values({
          identifier: demoIdentifier(profileType),
          passwordHash,
          firstName,
          lastName,
          email: demoIdentifier(profileType),
          profileType,
          auditorId: profileType === "AUDITEUR" ? (auditor?.id ?? null) : null,
          clientId: profileType === "MYQUALIANOR" ? (client?.id ?? null) : null,
        })
        .returning({ id: users.id });
      if (user) staff.set(profileType, { id: user.id, label: `${firstName} ${lastName}` });
    }
    await tx.update(configuration).set({
      demoData: true,
      companyName: "Certidesk Démo",
      legalForm: "SAS",
      siret: "90123456700018",
      vatNumber: "FR12901234567",
      address: "8 place Bellecour",
      postalCode: "69002",
      city: "Lyon",
      phone: "0472000000",
      email: "contact@certidesk-demo.fr",
      accreditation: "Accréditation COFRAC Inspection n° 3-0000 (démo)",
    });
    await seedDemoHistory(tx);
    const member = (p: ProfileType) => staff.get(p) ?? { id: "", label: "Système" };
    if (client && auditor) {
      await seedCommercialDemo(tx, {
        tilleulsId: client.id,
        firstAuditorId: auditor.id,
        staff: {
          sales: [member("CC"), member("DIR")],
          coordination: [member("CMCC"), member("CPI")],
          admin: member("CMADMIN"),
          direction: member("DIR"),
        },
      });
      const planner = member("CPI");
      await seedMissionDemo(tx, { actor: { userId: planner.id || null, label: planner.label }, now: new Date() });
      await seedEvaluatorSpaceDemo(tx, { marcId: auditor.id, tilleulsId: client.id, now: new Date() });
    }
    if (auditor) await seedEvaluatorsDemo(tx, { now: new Date(), marcId: auditor.id, rhLabel: member("RH").label });
    await seedExpenseDemo(tx, { now: new Date() });
    // After the expenses: the balance invoices of "frais en sus" contracts rebill the approved ones.
    if (client && auditor) await seedInvoiceDemo(tx, { now: new Date(), portalClientId: client.id });
    await seedAlertsDemo(tx, { now: new Date() });
    await seedStatisticsDemo(tx, { now: new Date(), plannerLabel: member("CPI").label });
    await seedWallDemo(tx, { now: new Date(), member });
    await writeAudit(tx, SYSTEM_ACTOR, {
      action: "create",
      entityType: "demo",
      entityId: "demo",
      summary: "Données de démonstration chargées",
    });
  });
  return true;
}
