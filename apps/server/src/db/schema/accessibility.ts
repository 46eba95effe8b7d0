import { date, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";

/**
 * Settings › Accessibilité (one row, id 1): the body's own texts of its accessibility statement (RGAA
 * model). The conformance rate is not here: it is computed from docs/rgaa.md when the web app is built.
 * An empty name, e-mail or address stands for the company's (the configuration row).
 */
export const accessibilityStatement = pgTable("accessibility_statement", {
  id: integer("id").primaryKey().default(1),
  bodyName: text("body_name").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  postalAddress: text("postal_address").notNull().default(""),
  auditDate: date("audit_date", { mode: "string" }),
  derogations: text("derogations").notNull().default(""),
  exemptContent: text("exempt_content").notNull().default(""),
  testEnvironment: text("test_environment")
    .notNull()
    .default(
      "Chromium avec axe-core : chaque écran vérifié automatiquement, sur un écran de bureau et à 390 px de large.",
    ),
  version: versionColumn(),
  ...timestamps,
});
