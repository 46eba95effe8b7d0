import {
  accessibilityStatementBodySchema,
  accessibilityStatementSchema,
  accessibilityStatementSettingsSchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AccessibilityService } from "./accessibility.service.js";

const tags = ["accessibilité"];

export function accessibilityRoutes(app: AppInstance, { accessibility }: { accessibility: AccessibilityService }) {
  // Public: the law asks the statement of anyone, signed in or not, from every page's footer.
  app.get(
    "/api/accessibility-statement",
    {
      config: { access: "public" },
      schema: { tags, summary: "Déclaration d'accessibilité (RGAA)", response: { 200: accessibilityStatementSchema } },
    },
    async () => accessibility.statement(),
  );

  app.get(
    "/api/settings/accessibility-statement",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Textes de la déclaration d'accessibilité",
        response: { 200: accessibilityStatementSettingsSchema },
      },
    },
    async () => accessibility.settings(),
  );

  app.put(
    "/api/settings/accessibility-statement",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les textes de la déclaration d'accessibilité",
        body: accessibilityStatementBodySchema,
        response: { 200: accessibilityStatementSettingsSchema },
      },
    },
    async (request) => accessibility.updateSettings(requireActor(request), request.body, request.id),
  );
}
