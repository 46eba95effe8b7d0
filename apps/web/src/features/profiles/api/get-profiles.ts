import type { Profile } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileKeys } from "./keys";

export const getProfiles = () => api.get<Profile[]>("/api/profiles");
export const profilesQueryOptions = () => queryOptions({ queryKey: profileKeys.all, queryFn: getProfiles });
export const useProfiles = () => useQuery(profilesQueryOptions());
