import type { MailGroup } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export const getMailGroups = () => api.get<MailGroup[]>("/api/mail-groups");
export const mailGroupsQueryOptions = () => queryOptions({ queryKey: mailKeys.groups(), queryFn: getMailGroups });
export const useMailGroups = (enabled = true) => useQuery({ ...mailGroupsQueryOptions(), enabled });
