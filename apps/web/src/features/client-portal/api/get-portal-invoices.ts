import type { PortalInvoices } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { portalKeys } from "./keys";

export const getPortalInvoices = () => api.get<PortalInvoices>("/api/client-portal/invoices");
export const portalInvoicesQueryOptions = () =>
  queryOptions({ queryKey: portalKeys.invoices(), queryFn: getPortalInvoices });
export const usePortalInvoices = () => useQuery(portalInvoicesQueryOptions());
