import type { AccessibilityStatementBody, AccessibilityStatementSettings } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { accessibilityKeys } from "./keys";

export const saveStatementSettings = (body: AccessibilityStatementBody) =>
  api.put<AccessibilityStatementSettings>("/api/settings/accessibility-statement", body);

export function useSaveStatementSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStatementSettings,
    onSuccess: (saved) => {
      client.setQueryData(accessibilityKeys.settings(), saved);
      // The public page shows these texts, the company's filling the empty ones: read again.
      return client.invalidateQueries({ queryKey: accessibilityKeys.statement() });
    },
  });
}
