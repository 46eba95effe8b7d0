import type { PortalMission } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { portalKeys } from "./keys";

export const getPortalMissions = () => api.get<{ items: PortalMission[] }>("/api/client-portal/missions");
export const portalMissionsQueryOptions = () =>
  queryOptions({ queryKey: portalKeys.missions(), queryFn: getPortalMissions });
export const usePortalMissions = () => useQuery(portalMissionsQueryOptions());
