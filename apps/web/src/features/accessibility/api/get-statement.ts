import type { AccessibilityStatement } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { accessibilityKeys } from "./keys";

/** The public statement's texts (no sign-in needed). */
export const getStatement = () => api.get<AccessibilityStatement>("/api/accessibility-statement");
export const statementQueryOptions = () =>
  queryOptions({ queryKey: accessibilityKeys.statement(), queryFn: getStatement });
export const useStatement = () => useQuery(statementQueryOptions());
