import type {
  AccessibilityStatement,
  AccessibilityStatementBody,
  AccessibilityStatementSettings,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { accessibilityStatement } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ConfigurationService } from "../configuration/index.js";
import { type StatementRow, statementRow } from "./accessibility.repository.js";

export interface AccessibilityDeps {
  db: Database;
  /** The company's name, e-mail and address stand in for the statement's empty ones. */
  configuration: Pick<ConfigurationService, "get">;
  clock?: Clock;
}

const FUTURE_AUDIT = "Date de l'évaluation : elle ne peut pas être postérieure à aujourd'hui.";

function toSettings(row: StatementRow): AccessibilityStatementSettings {
  const { bodyName, contactEmail, postalAddress, auditDate, derogations, exemptContent, testEnvironment } = row;
  return {
    bodyName,
    contactEmail,
    postalAddress,
    auditDate,
    derogations,
    exemptContent,
    testEnvironment,
    version: row.version,
  };
}

export function createAccessibilityService({ db, configuration, clock = systemClock }: AccessibilityDeps) {
  return {
    settings: async () => toSettings(await statementRow(db)),

    /** What the public page shows: only the statement's texts, the company's identity filling the gaps. */
    async statement(): Promise<AccessibilityStatement> {
      const [row, company] = await Promise.all([statementRow(db), configuration.get()]);
      const companyAddress = [company.address, [company.postalCode, company.city].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", ");
      return {
        bodyName: row.bodyName || company.companyName,
        contactEmail: row.contactEmail || company.email || null,
        postalAddress: row.postalAddress || companyAddress || null,
        auditDate: row.auditDate,
        derogations: row.derogations,
        exemptContent: row.exemptContent,
        testEnvironment: row.testEnvironment,
      };
    },

    async updateSettings(actor: Actor, input: AccessibilityStatementBody, requestId?: string) {
      const { version, ...values } = input;
      if (values.auditDate && values.auditDate > clock.today())
        throw badRequest(FUTURE_AUDIT, [{ path: "body.auditDate", message: FUTURE_AUDIT }]);
      await statementRow(db);
      const saved = await versionedUpdate({
        db,
        clock,
        table: accessibilityStatement,
        id: "1",
        key: accessibilityStatement.id,
        version,
        actor,
        requestId,
        entityType: "accessibility_statement",
        notFound: "Déclaration d'accessibilité introuvable.",
        apply: () => ({ values, summary: "Déclaration d'accessibilité modifiée", changes: true }),
      });
      return toSettings(saved);
    },
  };
}
export type AccessibilityService = ReturnType<typeof createAccessibilityService>;
