import { vatNumberOf, withLuhnKey } from "@certidesk/shared";
import type { auditors, clients, contacts, gestionnaires, legalEntities } from "../db/schema/index.js";
import {
  ESSMS_KINDS,
  ESSMS_NAMES,
  FIRST_NAMES,
  GESTIONNAIRE_NAMES,
  LAST_NAMES,
  OCCUPATIONS,
  PLACES,
  STREETS,
} from "../demo/demo-places.js";
import type { Random } from "../demo/demo-random.js";
import { seededUuid } from "./scale-tools.js";

export type ClientInsert = typeof clients.$inferInsert & { id: string; legalEntityId: string };
export type EntityInsert = typeof legalEntities.$inferInsert & { id: string };

/** The département of a postal code (Corsica 2A/2B, overseas 97x). */
export function departementOf(postalCode: string) {
  if (postalCode.startsWith("97")) return postalCode.slice(0, 3);
  if (postalCode.startsWith("20")) return Number(postalCode) < 20200 ? "2A" : "2B";
  return postalCode.slice(0, 2);
}

export interface PartyVolumes {
  gestionnaires: number;
  entities: number;
  clients: number;
  auditors: number;
}

/** Identifiers already taken in the base (the demo's): the generated ones step over them. */
export interface TakenIdentifiers {
  finess: Set<string>;
  siret: Set<string>;
}

/**
 * Gestionnaires, legal entities under them (most of them; some independent), their ESSMS with one main
 * contact each, and the evaluators the missions are staffed with. Names, towns and postal codes are the
 * demo's French reference data; SIREN/SIRET carry a valid Luhn key; FINESS numbers start with the
 * establishment's département.
 */
export function planParties(rand: Random, v: PartyVolumes, taken: TakenIdentifiers) {
  const person = () => ({ firstName: rand.pick(FIRST_NAMES), lastName: rand.pick(LAST_NAMES) });
  const phone = () => `0${rand.int(1, 5)}${rand.digits(8)}`;
  const address = () => `${rand.int(1, 180)} ${rand.pick(STREETS)}`;
  let sirenCounter = 0;
  const nextSiren = () => {
    for (;;) {
      const siren = withLuhnKey(`7${String(++sirenCounter).padStart(7, "0")}`);
      if (![...Array(3).keys()].some((k) => taken.siret.has(`${siren}0001${k}`))) return siren;
    }
  };
  const siretOf = (siren: string, nic: number) => {
    const siret = withLuhnKey(`${siren}${String(nic).padStart(4, "0")}`);
    return taken.siret.has(siret) ? null : siret;
  };

  const gestionnaireRows: (typeof gestionnaires.$inferInsert & { id: string })[] = [];
  for (let g = 0; g < v.gestionnaires; g++) {
    const place = rand.pick(PLACES);
    const base = rand.pick(GESTIONNAIRE_NAMES);
    gestionnaireRows.push({
      id: seededUuid(rand),
      raisonSocial: `${base} ${place.department} ${g + 1}`,
      siren: nextSiren(),
      address: address(),
      postalCode: place.postalCode,
      city: place.city,
      email: `siege${g + 1}@gestionnaire-${g + 1}.exemple.fr`,
      phone: phone(),
    });
  }

  const entityRows: EntityInsert[] = [];
  for (let e = 0; e < v.entities; e++) {
    const place = rand.pick(PLACES);
    const siren = nextSiren();
    const gestionnaire = rand.chance(0.75) ? gestionnaireRows[e % gestionnaireRows.length] : undefined;
    entityRows.push({
      id: seededUuid(rand),
      raisonSocial: gestionnaire
        ? `${gestionnaire.raisonSocial} — ${place.city} (${e + 1})`
        : `Association ${rand.pick(ESSMS_NAMES)} de ${place.city} (${e + 1})`,
      siren,
      siret: siretOf(siren, 1),
      vatNumber: vatNumberOf(siren),
      address: address(),
      postalCode: place.postalCode,
      city: place.city,
      email: `contact@entite-${e + 1}.exemple.fr`,
      phone: phone(),
      gestionnaireId: gestionnaire?.id ?? null,
    });
  }

  const clientRows: ClientInsert[] = [];
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  let finessCounter = 0;
  for (let c = 0; c < v.clients; c++) {
    // The first clients give each entity one establishment; the others spread at random (1 to ~12).
    const entity = (c < entityRows.length ? entityRows[c] : rand.pick(entityRows)) as EntityInsert;
    const place = rand.chance(0.7)
      ? (PLACES.find((p) => p.city === entity.city) ?? rand.pick(PLACES))
      : rand.pick(PLACES);
    const kind = rand.weighted(ESSMS_KINDS);
    const departement = departementOf(place.postalCode);
    let finess: string;
    do finess = `${departement.slice(0, 2)}${String(3_000_000 + ++finessCounter).padStart(7, "0")}`;
    while (taken.finess.has(finess));
    const id = seededUuid(rand);
    const name = `${kind.prefix} ${rand.pick(ESSMS_NAMES)}`;
    const siret = entity.siren ? siretOf(entity.siren, 10 + (c % 9000)) : null;
    clientRows.push({
      id,
      raisonSocial: `${name} — ${place.city}`,
      siret,
      address: address(),
      postalCode: place.postalCode,
      city: place.city,
      email: `direction@essms-${c + 1}.exemple.fr`,
      phone: phone(),
      legalEntityId: entity.id,
      finess,
      departement,
      typologySector: kind.sector,
      typologyType: kind.type,
      category: kind.category,
      sectorDomains: [...kind.domains],
      publicKeyTypes: [...kind.publics],
      capacity: rand.int(kind.capacity[0], kind.capacity[1]),
    });
    const who = person();
    contactRows.push({
      id: seededUuid(rand),
      clientId: id,
      ...who,
      occupation: rand.pick(OCCUPATIONS),
      tel: phone(),
      mobilePhone: `06${rand.digits(8)}`,
      email: `${who.firstName}.${who.lastName}@essms-${c + 1}.exemple.fr`
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9.@-]/g, ""),
      isMain: true,
    });
  }

  const auditorRows: (typeof auditors.$inferInsert & { id: string })[] = [];
  for (let a = 0; a < v.auditors; a++) {
    const place = rand.pick(PLACES);
    auditorRows.push({
      id: seededUuid(rand),
      ...person(),
      email: `evaluateur${a + 1}@certidesk-echelle.exemple.fr`,
      mobilePhone: `06${rand.digits(8)}`,
      postalCode: place.postalCode,
      city: place.city,
      departement: departementOf(place.postalCode),
      status: rand.chance(0.6) ? "INDEPENDANT" : "SALARIE",
      sectorDomains: ["PA", "PH"],
      zones: [departementOf(place.postalCode)],
    });
  }
  return { gestionnaireRows, entityRows, clientRows, contactRows, auditorRows };
}
