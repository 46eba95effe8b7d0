import { AUDITOR_STATUS_LABELS, type AuditorStatus, formatPhone } from "@certidesk/shared";
import { or, type SQL, sql } from "drizzle-orm";
import { auditors, clients, contacts, gestionnaires, legalEntities } from "../../../db/schema/index.js";
import { isStaff, recordScope, scopeWhere } from "../../../lib/policy.js";
import { auditorListWhere } from "../../auditors/index.js";
import {
  CLIENT_PORTAL,
  detailOf,
  evaluatorSpace,
  reads,
  type SearchKindDefinition,
  staffReads,
} from "../search-kind.js";
import { compactHolds, compactIs, kindStatement, type SearchWord, wordInText } from "../search-sql.js";

interface ClientRow {
  id: string;
  name: string;
  postalCode: string | null;
  city: string | null;
  finess: string | null;
  isClient: boolean;
}

/** Establishments (ESSMS), clients or prospects: name, FINESS, SIRET, city, postal code, their entity's names. */
const clientKind: SearchKindDefinition<ClientRow> = {
  kind: "client",
  // The client list's scope (client-list.repository.ts): everything, or a client user's own establishment.
  scope: (actor) => (reads(actor, "CLIENT") ? scopeWhere(recordScope(actor), { clientId: clients.id }) : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "client",
        from: clients,
        where: [scope],
        word: (w, exact) =>
          or(wordInText({ column: clients.searchText }, w, exact), compactHolds(clients.siret, w)) as SQL,
        key: sql`${clients.listNameKey}`,
        whole: (w: SearchWord) =>
          or(compactIs(clients.siret, w), w.compact ? sql`${clients.finess} = ${w.text}` : undefined),
        columns: {
          id: clients.id,
          name: clients.raisonSocial,
          postalCode: clients.postalCode,
          city: clients.city,
          finess: clients.finess,
          isClient: sql`${clients.clientSince} is not null`,
        },
      },
      q,
    ),
  result: (row, actor) => ({
    id: row.id,
    title: row.name,
    detail: detailOf(
      row.isClient ? "Client" : "Prospect",
      [row.postalCode, row.city].filter(Boolean).join(" "),
      row.finess && `FINESS ${row.finess}`,
    ),
    path: actor.profileType === "MYQUALIANOR" ? CLIENT_PORTAL : `/app/timeline-client/${row.id}`,
  }),
};

interface GestionnaireRow {
  id: string;
  name: string;
  city: string | null;
  siren: string | null;
}

/** Managing organisations: name, city, SIREN (their list's search text). Staff records. */
const gestionnaireKind: SearchKindDefinition<GestionnaireRow> = {
  kind: "gestionnaire",
  scope: (actor) => (staffReads(actor, "GESTIONNAIRE") ? undefined : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "gestionnaire",
        from: gestionnaires,
        where: [scope],
        word: (w, exact) => wordInText({ column: gestionnaires.searchText }, w, exact),
        key: sql`${gestionnaires.listNameKey}`,
        whole: (w) => (w.compact ? sql`${gestionnaires.siren} = ${w.compact}` : undefined),
        columns: {
          id: gestionnaires.id,
          name: gestionnaires.raisonSocial,
          city: gestionnaires.city,
          siren: gestionnaires.siren,
        },
      },
      q,
    ),
  result: (row) => ({
    id: row.id,
    title: row.name,
    detail: detailOf(row.city, row.siren && `SIREN ${row.siren}`),
    path: `/app/gestionnaire/${row.id}`,
  }),
};

interface ContactRow {
  id: string;
  firstName: string;
  lastName: string;
  occupation: string | null;
  email: string | null;
  tel: string | null;
  mobilePhone: string | null;
  clientId: string | null;
  gestionnaireId: string | null;
  party: string | null;
  entityClientId: string | null;
}

const contactPhones = sql`search_phones(${contacts.tel}, ${contacts.mobilePhone})`;

/**
 * People of an establishment, a legal entity or a gestionnaire: name, e-mail, phone in any spacing. Contacts
 * are staff records kept with the establishments (contactResource): CLIENT read; a gestionnaire's contacts
 * only with GESTIONNAIRE read too, whose screen shows them.
 */
const contactKind: SearchKindDefinition<ContactRow> = {
  kind: "contact",
  scope: (actor) => {
    if (!staffReads(actor, "CLIENT")) return null;
    return reads(actor, "GESTIONNAIRE") ? undefined : sql`${contacts.gestionnaireId} is null`;
  },
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "contact",
        from: contacts,
        where: [scope],
        word: (w, exact) =>
          or(
            wordInText({ column: contacts.searchText }, w, exact),
            w.phone ? sql`${contactPhones} like ${`%${w.phone}%`}` : undefined,
          ) as SQL,
        // The stored text starts with the folded name: folding each candidate's name cost more than the search.
        key: sql`${contacts.searchText}`,
        whole: (w) =>
          w.phone
            ? sql`(search_phone(${contacts.tel}) = ${w.phone} or search_phone(${contacts.mobilePhone}) = ${w.phone})`
            : undefined,
        columns: {
          id: contacts.id,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          occupation: contacts.occupation,
          email: contacts.email,
          tel: contacts.tel,
          mobilePhone: contacts.mobilePhone,
          clientId: contacts.clientId,
          gestionnaireId: contacts.gestionnaireId,
          legalEntityId: contacts.legalEntityId,
        },
        later: {
          party: sql`coalesce((select c.raison_social from ${clients} c where c.id = t."clientId"),
            (select le.raison_social from ${legalEntities} le where le.id = t."legalEntityId"),
            (select g.raison_social from ${gestionnaires} g where g.id = t."gestionnaireId"))`,
          // An entity's contact opens with the entity's first establishment (the entity has no screen of its own).
          entityClientId: sql`(select c.id from ${clients} c where c.legal_entity_id = t."legalEntityId"
            order by c.list_name_key, c.id limit 1)`,
        },
      },
      q,
    ),
  result: (row) => {
    const name = `${row.firstName} ${row.lastName}`.trim();
    const clientId = row.clientId ?? row.entityClientId;
    return {
      id: row.id,
      title: name,
      detail: detailOf(row.occupation, row.party, formatPhone(row.mobilePhone ?? row.tel), row.email),
      path: clientId
        ? `/app/timeline-client/${clientId}`
        : row.gestionnaireId
          ? `/app/gestionnaire/${row.gestionnaireId}`
          : `/app/client?q=${encodeURIComponent(row.lastName)}`,
    };
  },
};

interface EvaluatorRow {
  id: string;
  firstName: string;
  lastName: string;
  city: string | null;
  status: string;
  active: boolean;
}

/**
 * Evaluators: name, city, e-mail (their stored search text, migration 0073). The files' list scope
 * (auditorListWhere): staff with MISSION read see all, an evaluator their own.
 */
const evaluatorKind: SearchKindDefinition<EvaluatorRow> = {
  kind: "evaluator",
  scope: (actor) => (reads(actor, "MISSION") ? auditorListWhere(actor, auditors.id) : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "evaluator",
        from: auditors,
        where: [scope],
        word: (w, exact) => wordInText({ column: auditors.searchText }, w, exact),
        key: sql`${auditors.searchText}`,
        columns: {
          id: auditors.id,
          firstName: auditors.firstName,
          lastName: auditors.lastName,
          city: auditors.city,
          status: auditors.status,
          active: auditors.active,
        },
      },
      q,
    ),
  result: (row, actor) => ({
    id: row.id,
    title: `${row.firstName} ${row.lastName}`,
    detail: detailOf(row.city, AUDITOR_STATUS_LABELS[row.status as AuditorStatus], !row.active && "inactif"),
    path: isStaff(actor) ? `/app/evaluateur/${row.id}` : evaluatorSpace(row.id),
  }),
};

/** The kinds of this file, by name (search.repository.ts gathers them). */
export const parties = {
  client: clientKind,
  gestionnaire: gestionnaireKind,
  contact: contactKind,
  evaluator: evaluatorKind,
};
