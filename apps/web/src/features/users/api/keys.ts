import { domainKey } from "../../../lib/query-keys";
import type { UsersFilter } from "./get-users";

/** The query keys of users and of the evaluators and clients a user can be linked to. */
export const userKeys = {
  all: domainKey("users"),
  list: (filter: UsersFilter) => [...userKeys.all, "list", filter] as const,
  linkOptions: (kind: "auditor" | "client", search: string) => [...userKeys.all, "link-options", kind, search] as const,
};
