import type { AuditorListQuery, OrganisationType } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/**
 * The query keys of evaluators' files. Everything about one file sits under `detail(id)`, so
 * refreshing the file refreshes its tabs; the Settings' fare classes and impartiality rules too.
 */
export const auditorKeys = {
  all: domainKey("auditors"),
  lists: () => [...auditorKeys.all, "list"] as const,
  list: (q: AuditorListQuery) => [...auditorKeys.lists(), q] as const,
  detail: (id: string) => [...auditorKeys.all, "file", id] as const,
  missions: (id: string) => [...auditorKeys.detail(id), "missions"] as const,
  links: (id: string) => [...auditorKeys.detail(id), "links"] as const,
  documents: (id: string) => [...auditorKeys.detail(id), "documents"] as const,
  availabilities: (id: string) => [...auditorKeys.detail(id), "availability"] as const,
  availability: (id: string, from: string, to: string) => [...auditorKeys.availabilities(id), from, to] as const,
  organisationOptions: (type: OrganisationType, search: string) =>
    [...auditorKeys.all, "organisation-options", type, search] as const,
  missionSpace: (id: string) => [...auditorKeys.detail(id), "mission-space"] as const,
  calendarLink: (id: string) => [...auditorKeys.detail(id), "calendar-link"] as const,
  orderByLink: (p: string, token: string) => [...auditorKeys.all, "order-by-link", p, token] as const,
  fareClasses: () => [...auditorKeys.all, "fare-classes"] as const,
  impartialitySettings: () => [...auditorKeys.all, "impartiality-settings"] as const,
};
