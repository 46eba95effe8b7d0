import { and, eq, ne, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, legalEntities } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

const except = (column: typeof clients.id | typeof legalEntities.id, id?: string): SQL | undefined =>
  id ? ne(column, id) : undefined;

/** Same FINESS or same SIRET: the establishment already exists (409 naming it). */
export async function assertNoDuplicateEssms(
  db: Executor,
  input: { finess: string; siret: string | null },
  exceptId?: string,
) {
  const [byFiness] = await db
    .select({ id: clients.id, raisonSocial: clients.raisonSocial })
    .from(clients)
    .where(and(eq(clients.finess, input.finess), except(clients.id, exceptId)))
    .limit(1);
  if (byFiness) {
    throw conflict(`Un établissement porte déjà le numéro FINESS ${input.finess} : ${byFiness.raisonSocial}.`, {
      duplicateOf: byFiness.id,
    });
  }
  if (!input.siret) return;
  const [bySiret] = await db
    .select({ id: clients.id, raisonSocial: clients.raisonSocial })
    .from(clients)
    .where(and(eq(clients.siret, input.siret), except(clients.id, exceptId)))
    .limit(1);
  if (bySiret) {
    throw conflict(`Un établissement porte déjà le SIRET ${input.siret} : ${bySiret.raisonSocial}.`, {
      duplicateOf: bySiret.id,
    });
  }
}

/** Same SIRET or same SIREN: the legal entity already exists. */
export async function assertNoDuplicateLegalEntity(
  db: Executor,
  input: { siren: string | null; siret: string | null },
  exceptId?: string,
) {
  for (const field of ["siret", "siren"] as const) {
    const value = input[field];
    if (!value) continue;
    const [found] = await db
      .select({ id: legalEntities.id, raisonSocial: legalEntities.raisonSocial })
      .from(legalEntities)
      .where(and(eq(legalEntities[field], value), except(legalEntities.id, exceptId)))
      .limit(1);
    if (found) {
      throw conflict(`Une entité juridique porte déjà le ${field.toUpperCase()} ${value} : ${found.raisonSocial}.`, {
        duplicateOf: found.id,
      });
    }
  }
}
