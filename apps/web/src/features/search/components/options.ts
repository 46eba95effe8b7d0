import { isStaffProfile, SEARCH_KIND_LABELS, type SearchResponse } from "@certidesk/shared";
import type { RecentItem } from "./recent";

/** One choice of the command bar: a record found, a record opened lately, or an action. */
export interface BarOption {
  /** The option's element id (aria-activedescendant). */
  id: string;
  label: string;
  detail: string;
  /** Where choosing it leads. */
  path: string;
  /** Found through a word corrected for a typo. */
  corrected?: boolean;
  /** A record, remembered when chosen (actions are not). */
  record?: RecentItem;
}

export interface BarGroup {
  id: string;
  label: string;
  options: BarOption[];
}

const optionId = (group: string, index: number) => `recherche-${group}-${index}`;

/** The server's groups as the bar shows them. */
export function resultGroups(response: SearchResponse | undefined): BarGroup[] {
  return (response?.groups ?? []).map((group) => ({
    id: group.kind,
    label: SEARCH_KIND_LABELS[group.kind],
    options: group.results.map((r, i) => ({
      id: optionId(group.kind, i),
      label: r.title,
      detail: r.detail,
      path: r.path,
      corrected: r.corrected,
      record: { kind: r.kind, id: r.id, title: r.title, detail: r.detail, path: r.path },
    })),
  }));
}

interface Actor {
  profileType: string;
  canOpen: (path: string) => boolean;
  canCreateRequest: boolean;
}

/** What the empty bar offers: the records opened lately, and a few actions this user may take. */
export function idleGroups(recent: RecentItem[], actor: Actor): BarGroup[] {
  const actions = isStaffProfile(actor.profileType)
    ? [
        actor.canCreateRequest && { label: "Nouvelle demande", detail: "Prospects", path: "/app/prospect?nouvelle=1" },
        actor.canOpen("nouveau") && { label: "Nouveau client", detail: "Créer un établissement", path: "/app/nouveau" },
        actor.canOpen("setting/recherche") && {
          label: "Paramètres de la recherche",
          detail: "Paramètres › Recherche",
          path: "/app/setting/recherche",
        },
      ].filter((a): a is { label: string; detail: string; path: string } => !!a)
    : [];
  const groups: BarGroup[] = [];
  if (recent.length)
    groups.push({
      id: "recents",
      label: "Ouverts récemment",
      options: recent.map((r, i) => ({
        id: optionId("recents", i),
        label: r.title,
        detail: `${SEARCH_KIND_LABELS[r.kind]} · ${r.detail}`,
        path: r.path,
        record: r,
      })),
    });
  if (actions.length)
    groups.push({
      id: "actions",
      label: "Actions",
      options: actions.map((a, i) => ({ id: optionId("actions", i), ...a })),
    });
  return groups;
}
