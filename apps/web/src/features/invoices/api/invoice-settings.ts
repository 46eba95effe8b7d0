import type { InvoiceSettings, InvoiceSettingsBody } from "@certidesk/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invoiceKeys } from "./keys";

export const getInvoiceSettings = () => api.get<InvoiceSettings>("/api/settings/invoicing");
export const useInvoiceSettings = () =>
  useQuery(queryOptions({ queryKey: invoiceKeys.settings(), queryFn: getInvoiceSettings }));
export const saveInvoiceSettings = (body: InvoiceSettingsBody) =>
  api.put<InvoiceSettings>("/api/settings/invoicing", body);
export function useSaveInvoiceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceSettings,
    onSuccess: (saved) => client.setQueryData(invoiceKeys.settings(), saved),
  });
}
