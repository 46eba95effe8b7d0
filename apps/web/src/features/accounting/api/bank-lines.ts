import type {
  BankImportResult,
  BankLine,
  BankLinePage,
  BankLineQuery,
  BulkConfirmBody,
  ConfirmBankLineBody,
  OpenInvoiceOptions,
} from "@certidesk/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { accountingKeys } from "./keys";

const BASE = "/api/bank-reconciliation";

export const getBankLines = (q: BankLineQuery) =>
  api.get<BankLinePage>(`${BASE}/lines${toQuery(q as Record<string, string | number>)}`);
export const useBankLines = (q: BankLineQuery) =>
  useQuery(
    queryOptions({
      queryKey: accountingKeys.lines(q),
      queryFn: () => getBankLines(q),
      placeholderData: keepPreviousData,
    }),
  );

export const getOpenInvoiceOptions = (search: string) =>
  api.get<OpenInvoiceOptions>(`${BASE}/invoice-options${toQuery({ search })}`);
export const useOpenInvoiceOptions = (search: string) =>
  useQuery(
    queryOptions({ queryKey: accountingKeys.invoiceOptions(search), queryFn: () => getOpenInvoiceOptions(search) }),
  );

/** Every write of a line changes the lines' tabs and the invoices it paid. */
function useLineWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "accounting", "invoices"),
  });
}

export const importStatement = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return api.upload<BankImportResult>(`${BASE}/statements`, form);
};
export const useImportStatement = () => useLineWrite(importStatement);
export const useConfirmLine = () =>
  useLineWrite(({ id, ...body }: ConfirmBankLineBody & { id: string }) =>
    api.post<BankLine>(`${BASE}/lines/${id}/confirm`, body),
  );
export const useConfirmLines = () =>
  useLineWrite((body: BulkConfirmBody) => api.post<{ confirmed: number }>(`${BASE}/lines/confirm`, body));
export const useDecideLine = () =>
  useLineWrite(({ id, version, action }: { id: string; version: number; action: "ignore" | "restore" }) =>
    api.post<BankLine>(`${BASE}/lines/${id}/${action}`, { version }),
  );
/** The demonstration's statement of the day (demo servers only). */
export const sampleStatementUrl = (format: "camt053" | "csv") => `${BASE}/sample${toQuery({ format })}`;
