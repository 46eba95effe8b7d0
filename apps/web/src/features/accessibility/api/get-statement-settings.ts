import type { AccessibilityStatementSettings } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { accessibilityKeys } from "./keys";

export const getStatementSettings = () =>
  api.get<AccessibilityStatementSettings>("/api/settings/accessibility-statement");
export const statementSettingsQueryOptions = () =>
  queryOptions({ queryKey: accessibilityKeys.settings(), queryFn: getStatementSettings });
export const useStatementSettings = () => useQuery(statementSettingsQueryOptions());
