import type { AccountingSettings, AccountingSettingsBody } from "@certidesk/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { accountingKeys } from "./keys";

export const getAccountingSettings = () => api.get<AccountingSettings>("/api/settings/accounting");
export const useAccountingSettings = () =>
  useQuery(queryOptions({ queryKey: accountingKeys.settings(), queryFn: getAccountingSettings }));
export const saveAccountingSettings = (body: AccountingSettingsBody) =>
  api.put<AccountingSettings>("/api/settings/accounting", body);
export function useSaveAccountingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAccountingSettings,
    onSuccess: (saved) => client.setQueryData(accountingKeys.settings(), saved),
  });
}
