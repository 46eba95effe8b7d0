import type { BankLineQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** The query keys of the accounting settings and of the bank statement lines. */
export const accountingKeys = {
  all: domainKey("accounting"),
  settings: () => [...accountingKeys.all, "settings"] as const,
  lines: (query: BankLineQuery) => [...accountingKeys.all, "lines", query] as const,
  invoiceOptions: (search: string) => [...accountingKeys.all, "invoice-options", search] as const,
};
