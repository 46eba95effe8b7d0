import type { InvoiceDetail } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";
import { invoiceKeys } from "./keys";

/**
 * Every invoice write answers the invoice: it is cached, and the lists are refreshed (the expenses
 * too: drafting, editing or crediting a balance invoice changes which expenses it rebills).
 */
export function useInvoiceMutation<A>(fn: (args: A) => Promise<InvoiceDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (saved) => {
      client.setQueryData(invoiceKeys.detail(saved.id), saved);
      await invalidateDomains(client, "invoices", "expenses");
    },
  });
}
