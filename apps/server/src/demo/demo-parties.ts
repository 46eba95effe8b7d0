import { departementOf, vatNumberOf, withLuhnKey } from "@certidesk/shared";
import {
  type DemoPlace,
  ESSMS_KINDS,
  ESSMS_NAMES,
  FIRST_NAMES,
  GESTIONNAIRE_NAMES,
  LAST_NAMES,
  PLACES,
  STREETS,
} from "./demo-places.js";
import { type Random, uuid } from "./demo-random.js";

/** The demo's legal entities and establishments, built in memory before the pipeline decides their fate. */
export interface DemoContact {
  id: string;
  firstName: string;
  lastName: string;
  occupation: string;
  tel: string;
  mobilePhone: string;
  email: string;
}
export interface DemoEssms {
  id: string;
  raisonSocial: string;
  finess: string;
  siret: string;
  address: string;
  place: DemoPlace;
  email: string;
  phone: string;
  typologySector: string;
  typologyType: string;
  category: string;
  sectorDomains: string[];
  publicKeyTypes: string[];
  capacity: number | null;
  atc: string;
  contact: DemoContact;
  existing?: boolean;
}
export interface DemoGroup {
  legalEntity: {
    id: string;
    raisonSocial: string;
    siren: string;
    siret: string;
    vatNumber: string;
    address: string;
    place: DemoPlace;
    email: string;
    phone: string;
  };
  gestionnaire: DemoGestionnaire | null;
  establishments: DemoEssms[];
}
export interface DemoGestionnaire {
  id: string;
  raisonSocial: string;
  siren: string;
  address: string;
  place: DemoPlace;
  email: string;
  phone: string;
  contact: DemoContact;
}

const FEMININE = new Set([
  "Claire",
  "Isabelle",
  "Sophie",
  "Nathalie",
  "Céline",
  "Valérie",
  "Sandrine",
  "Émilie",
  "Aurélie",
  "Marion",
  "Hélène",
  "Camille",
  "Élodie",
  "Karine",
  "Delphine",
  "Anne",
  "Caroline",
  "Florence",
  "Virginie",
  "Agnès",
]);
const ROLES = {
  f: [
    "Directrice",
    "Directrice adjointe",
    "Responsable qualité",
    "Cadre de santé",
    "Cheffe de service",
    "Coordinatrice",
  ],
  m: ["Directeur", "Directeur adjoint", "Responsable qualité", "Cadre de santé", "Chef de service", "Coordinateur"],
};

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40)
    // Cut at 40, a name could end its domain label with "-" ("parents-d-.demo.fr"), which SMTP refuses.
    .replace(/-+$/, "");

const PHONE_PREFIX: Record<string, string> = {
  "ARS Île-de-France": "01",
  "ARS Bretagne": "02",
  "ARS Normandie": "02",
  "ARS Pays de la Loire": "02",
  "ARS Centre-Val de Loire": "02",
  "ARS Hauts-de-France": "03",
  "ARS Grand Est": "03",
  "ARS Bourgogne-Franche-Comté": "03",
  "ARS Nouvelle-Aquitaine": "05",
  "ARS Occitanie": "05",
  "ARS Guadeloupe": "0590",
  "ARS La Réunion": "0262",
};

export function createPartyFactory(rand: Random) {
  const usedFiness = new Set<string>();
  const usedNames = new Set<string>(["EHPAD Les Tilleuls"]);
  const usedEntityNames = new Set<string>();

  const phone = (place: DemoPlace) => {
    const prefix = PHONE_PREFIX[place.ars] ?? "04";
    return prefix + rand.digits(10 - prefix.length);
  };
  const contact = (domain: string, general = false): DemoContact => {
    const firstName = rand.pick(FIRST_NAMES);
    const lastName = rand.pick(LAST_NAMES);
    const f = FEMININE.has(firstName);
    const occupation = general ? (f ? "Directrice générale" : "Directeur général") : rand.pick(f ? ROLES.f : ROLES.m);
    return {
      id: uuid(),
      firstName,
      lastName,
      occupation,
      tel: `0${rand.int(1, 5)}${rand.digits(8)}`,
      mobilePhone: `0${rand.pick(["6", "7"])}${rand.digits(8)}`,
      email: `${slug(firstName)}.${slug(lastName)}@${domain}`,
    };
  };
  const finessFor = (place: DemoPlace) => {
    const dep = (departementOf(place.postalCode) ?? "75").slice(0, 2);
    for (;;) {
      const finess = dep === "2A" || dep === "2B" ? `${dep}${rand.digits(7)}` : `${dep}${rand.digits(7)}`;
      if (!usedFiness.has(finess)) {
        usedFiness.add(finess);
        return finess;
      }
    }
  };
  const uniqueName = (base: string, place: DemoPlace, used: Set<string>) => {
    const name = used.has(base) ? `${base} (${place.city})` : base;
    const final = used.has(name) ? `${name} ${used.size}` : name;
    used.add(final);
    return final;
  };
  const siren = () => withLuhnKey(`${rand.int(3, 8)}${rand.digits(7)}`);
  const address = () => `${rand.int(1, 140)} ${rand.pick(STREETS)}`;

  function gestionnaire(name: string): DemoGestionnaire {
    const place = rand.pick(PLACES);
    const domain = `${slug(name)}.demo.fr`;
    return {
      id: uuid(),
      raisonSocial: name,
      siren: siren(),
      address: address(),
      place,
      email: `siege@${domain}`,
      phone: phone(place),
      contact: contact(domain, true),
    };
  }

  function essms(place: DemoPlace, entitySiren: string): DemoEssms {
    const kind = rand.weighted(ESSMS_KINDS);
    const raisonSocial = uniqueName(`${kind.prefix} ${rand.pick(ESSMS_NAMES)}`, place, usedNames);
    const domain = `${slug(raisonSocial)}.demo.fr`;
    const atc =
      kind.prefix === "MECS" || kind.prefix === "Service AEMO"
        ? `Conseil départemental (${place.department})`
        : kind.prefix === "CHRS"
          ? `DDETS (${place.department})`
          : kind.cd
            ? `${place.ars} et Conseil départemental (${place.department})`
            : place.ars;
    return {
      id: uuid(),
      raisonSocial,
      finess: finessFor(place),
      siret: withLuhnKey(`${entitySiren}${rand.digits(4)}`),
      address: address(),
      place,
      email: `contact@${domain}`,
      phone: phone(place),
      typologySector: kind.sector,
      typologyType: kind.type,
      category: kind.category,
      sectorDomains: [...kind.domains],
      publicKeyTypes: [...kind.publics],
      capacity: kind.capacity[1] ? rand.int(kind.capacity[0], kind.capacity[1]) : null,
      atc,
      contact: contact(domain),
    };
  }

  /** A legal entity with `count` establishments, under a managing organisation or independent. */
  function group(count: number, owner: DemoGestionnaire | null): DemoGroup {
    const place = rand.pick(PLACES);
    const entitySiren = siren();
    const establishments: DemoEssms[] = [];
    for (let i = 0; i < count; i++)
      establishments.push(essms(i === 0 || rand.chance(0.6) ? place : rand.pick(PLACES), entitySiren));
    const first = establishments[0] as DemoEssms;
    const base = owner
      ? `${owner.raisonSocial} — ${place.department}`
      : count === 1
        ? first.typologySector === "SOCIAL" || rand.chance(0.6)
          ? `Association ${first.raisonSocial.split(" ").slice(1).join(" ")}`
          : `${first.raisonSocial} (établissement public autonome)`
        : `Association ${rand.pick(["Solidarité", "Avenir", "Les Amis", "Entraide", "Accueil"])} ${place.city}`;
    const raisonSocial = uniqueName(base, place, usedEntityNames);
    return {
      legalEntity: {
        id: uuid(),
        raisonSocial,
        siren: entitySiren,
        siret: withLuhnKey(`${entitySiren}0001`),
        vatNumber: vatNumberOf(entitySiren),
        address: address(),
        place,
        email: `contact@${slug(raisonSocial)}.demo.fr`,
        phone: phone(place),
      },
      gestionnaire: owner,
      establishments,
    };
  }

  return { gestionnaires: () => GESTIONNAIRE_NAMES.map(gestionnaire), group, contact };
}
