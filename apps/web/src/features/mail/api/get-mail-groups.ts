import type { MailGroup } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getMailGroups = () => api.get<MailGroup[]>("/api/mail-groups");
export const mailGroupsQueryOptions = () => queryOptions({ queryKey: ["mail-groups"], queryFn: getMailGroups });
export const useMailGroups = (enabled = true) => useQuery({ ...mailGroupsQueryOptions(), enabled });
