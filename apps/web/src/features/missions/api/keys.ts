import type { MissionListQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** The query keys of missions: the list, its counts, one mission, its proposals, the planning board. */
export const missionKeys = {
  all: domainKey("missions"),
  list: (params: MissionListQuery) => [...missionKeys.all, "list", params] as const,
  counts: (params: Partial<MissionListQuery>) => [...missionKeys.all, "counts", params] as const,
  detail: (id: string) => [...missionKeys.all, "detail", id] as const,
  proposals: (id: string) => [...missionKeys.all, "proposals", id] as const,
  history: (id: string) => [...missionKeys.all, "history", id] as const,
  planning: (month: string) => [...missionKeys.all, "planning", month] as const,
  planCheck: (id: string, days: string[]) => [...missionKeys.all, "plan-check", id, days.join(",")] as const,
  deadlineSettings: () => [...missionKeys.all, "deadline-settings"] as const,
  nonConformities: (id: string) => [...missionKeys.all, "non-conformities", id] as const,
};
