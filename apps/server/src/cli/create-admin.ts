import { createUserBodySchema, PASSWORD_RULE } from "@certidesk/shared";
import { eq, sql } from "drizzle-orm";
import { prepareDatabase } from "../db/bootstrap.js";
import { users } from "../db/schema/index.js";
import { SYSTEM_ACTOR } from "../lib/actor.js";
import { writeAudit } from "../lib/audit.js";
import { passwordProblem } from "../lib/password-policy.js";
import { hashPassword } from "../lib/passwords.js";
import { argValue, fail, openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run create-admin -- --identifier a@b.fr --first-name Anne --last-name Martin [--email a@b.fr]
//        with the password in ADMIN_PASSWORD or --password (kept out of the shell history by the former).
const parsed = createUserBodySchema.safeParse({
  identifier: argValue("identifier"),
  password: process.env.ADMIN_PASSWORD ?? argValue("password"),
  firstName: argValue("first-name"),
  lastName: argValue("last-name"),
  email: argValue("email") ?? "",
  profileType: "DIR",
});
if (!parsed.success) {
  fail(
    `${parsed.error.issues.map((i) => `${i.path.join(".")} : ${i.message}`).join("\n")}\n\n` +
      `${PASSWORD_RULE}\n\n` +
      "Usage : ADMIN_PASSWORD='…' npm run create-admin -- --identifier a@b.fr --first-name Anne --last-name Martin",
  );
}
const input = parsed.data;
const problem = passwordProblem(input.password, input);
if (problem) fail(`Mot de passe refusé : ${problem}\n\n${PASSWORD_RULE}`);
const { handle } = await openConfiguredDatabase();
try {
  await prepareDatabase(handle, { demoData: false });
  const [existing] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.identifier})`, input.identifier));
  if (existing) fail(`L'identifiant ${input.identifier} existe déjà.`);
  const passwordHash = await hashPassword(input.password);
  await handle.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ ...input, passwordHash, auditorId: null, clientId: null })
      .returning({ id: users.id });
    if (!created) throw new Error("user not created");
    await writeAudit(tx, SYSTEM_ACTOR, {
      action: "create",
      entityType: "user",
      entityId: created.id,
      summary: `Administrateur ${input.identifier} créé en ligne de commande`,
    });
  });
  console.log(`Utilisateur Direction ${input.identifier} créé.`);
} finally {
  await handle.close();
}
