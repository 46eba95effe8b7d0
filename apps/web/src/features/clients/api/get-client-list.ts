import type { ClientListBody, ClientRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { clientKeys } from "./keys";

export const getClientList = (body: ClientListBody) => api.post<Page<ClientRow>>("/api/client/getListClient", body);
export const clientListQueryOptions = (body: ClientListBody) =>
  queryOptions({
    queryKey: clientKeys.list(body),
    queryFn: () => getClientList(body),
    placeholderData: keepPreviousData,
  });
export const useClientList = (body: ClientListBody) => useQuery(clientListQueryOptions(body));

/** The XLSX export of the same list: a plain link, the session cookie authenticates the download. */
export const clientExportUrl = (body: ClientListBody) =>
  `/api/clients/extractClientList${toQuery({
    filter: body.filter,
    search: body.search,
    sortKey: body.sort?.key,
    direction: body.sort?.direction,
  })}`;
