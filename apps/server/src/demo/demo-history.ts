import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { auditLog, users } from "../db/schema/index.js";

/**
 * Most of a year of plausible activity for the journal: staff sign in on working days and now and then
 * adjust settings. Deterministic (seeded), so every demo database tells the same story.
 */
export async function seedDemoHistory(tx: Executor, now = new Date()) {
  const staff = (await tx.select().from(users)).filter((u) => !["AUDITEUR", "MYQUALIANOR"].includes(u.profileType));
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const entries: Array<typeof auditLog.$inferInsert> = [];
  for (let daysAgo = 250; daysAgo >= 1; daysAgo--) {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    if (day.getDay() === 0 || day.getDay() === 6) continue;
    for (const user of staff) {
      if (random() < 0.12) continue; // leave, training, remote day without the tool
      const at = new Date(day);
      at.setHours(8 + Math.floor(random() * 2), Math.floor(random() * 60), Math.floor(random() * 60), 0);
      const label = `${user.firstName} ${user.lastName}`;
      entries.push({
        occurredAt: at,
        actorId: user.id,
        actorLabel: label,
        action: "login",
        entityType: "user",
        entityId: user.id,
        summary: "Connexion",
      });
      if (user.profileType === "DIR" && random() < 0.05) {
        entries.push({
          occurredAt: new Date(at.getTime() + 3_600_000),
          actorId: user.id,
          actorLabel: label,
          action: "update",
          entityType: "profile",
          entityId: "CPI",
          summary: "Droits du profil Planification modifiés",
        });
      }
    }
  }
  for (let i = 0; i < entries.length; i += 500) await tx.insert(auditLog).values(entries.slice(i, i + 500));
  // The users screen shows each one's last sign-in: the story's last one.
  for (const user of staff) {
    const last = entries.filter((e) => e.actorId === user.id && e.action === "login").at(-1);
    if (last?.occurredAt) await tx.update(users).set({ lastLoginAt: last.occurredAt }).where(eq(users.id, user.id));
  }
  return entries.length;
}
