import type { UserRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { userKeys } from "./keys";

export interface UsersFilter {
  page: number;
  pageSize: number;
  search?: string;
  profileType?: string;
  status: "active" | "inactive" | "all";
  sort?: string;
  direction?: "asc" | "desc";
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const getUsers = (filter: UsersFilter) => api.get<Page<UserRow>>(`/api/users${toQuery({ ...filter })}`);
export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({ queryKey: userKeys.list(filter), queryFn: () => getUsers(filter), placeholderData: keepPreviousData });
export const useUsers = (filter: UsersFilter) => useQuery(usersQueryOptions(filter));
