import { type SQL, sql } from "drizzle-orm";
import { contacts } from "../db/schema/index.js";
import { jsonObject, nonEmpty } from "./sql-json.js";

/** The contact columns a list row shows (contactSummarySchema): the client, prospect and gestionnaire lists. */
export const contactSummaryColumns = {
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  tel: contacts.tel,
  email: contacts.email,
  occupation: contacts.occupation,
  mobilePhone: contacts.mobilePhone,
};

/** For rows built as JSON by the database (lib/sql-json.ts), on a query joined to `contacts`. */
export const contactJson = {
  /** The contact summary, null without a joined contact. */
  summary: sql`case when ${contacts.id} is null then null else ${jsonObject(contactSummaryColumns)} end` as SQL,
  /** "First Last" as the prospect and gestionnaire lists write it, "" without a contact. */
  name: sql`case when ${contacts.id} is null then '' else ${contacts.firstName} || ' ' || ${contacts.lastName} end` as SQL,
  /**
   * formatContactDetails (shared): occupation, mobile phone in pairs and e-mail, each trimmed, the empty
   * ones left out ("" without a contact), through the SQL twins of migration 0029_display_text.
   */
  details: sql`concat_ws(' | ', ${nonEmpty(sql`display_trim(${contacts.occupation})`)}, ${nonEmpty(
    sql`display_phone(${contacts.mobilePhone})`,
  )}, ${nonEmpty(sql`display_trim(${contacts.email})`)})` as SQL,
};
