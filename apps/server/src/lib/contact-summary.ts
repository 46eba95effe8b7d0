import { contacts } from "../db/schema/index.js";

/** The contact columns a list row shows (contactSummarySchema): the client, prospect and gestionnaire lists. */
export const contactSummaryColumns = {
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  tel: contacts.tel,
  email: contacts.email,
  occupation: contacts.occupation,
  mobilePhone: contacts.mobilePhone,
};
