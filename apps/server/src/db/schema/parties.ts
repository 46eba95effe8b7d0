import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The parties users are linked to. The platform needs only their identity (a client user sees
 * their own client, an evaluator their own space); the commercial and missions modules extend them.
 */
export const clients = pgTable("clients", {
  id: uuid("id").primaryKey().defaultRandom(),
  raisonSocial: text("raison_social").notNull(),
  siret: text("siret"),
  address: text("address"),
  postalCode: text("postal_code"),
  city: text("city"),
  email: text("email"),
  phone: text("phone"),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditors = pgTable("auditors", {
  id: uuid("id").primaryKey().defaultRandom(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email"),
  phone: text("phone"),
  postalCode: text("postal_code"),
  city: text("city"),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
