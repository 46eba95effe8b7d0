import type { MissionDetail } from "@certidesk/shared";
import { type ComponentType, lazy } from "react";
import { DataTab } from "./DataTab";

// The heavier tabs come with their own chunk, fetched when first opened (MissionPage wraps each tab in
// Suspense): the mission view stays within its download budget (scripts/bundle-budget.mjs).
const TeamTab = lazy(() => import("./TeamTab").then((m) => ({ default: m.TeamTab })));
const PreparationTab = lazy(() =>
  import("./preparation-tab/PreparationTab").then((m) => ({ default: m.PreparationTab })),
);
const EvaluationTab = lazy(() => import("./evaluation-tab/EvaluationTab").then((m) => ({ default: m.EvaluationTab })));

/** What every tab of the mission view receives: the mission detail (abilities included). */
export interface MissionTabProps {
  mission: MissionDetail;
}

export interface MissionTabDefinition {
  /** The spec's screen code (Module Mission). */
  code: string;
  /** The tab in the address: `?onglet=<slug>`. */
  slug: string;
  label: string;
  Component: ComponentType<MissionTabProps>;
}

/**
 * The tabs of the mission view (spec: Module Mission), in order; the first is the default. A tab shows
 * only once it works. Facture (invoices), Frais and Performance (expenses) come from other features, added by app/
 * (`app/mission-tabs.tsx`, passed to MissionPage as `extraTabs`).
 */
export const MISSION_TABS: MissionTabDefinition[] = [
  { code: "MISSION_FEB", slug: "donnees", label: "Données", Component: DataTab },
  { code: "MISSION_EVALUATOR", slug: "evaluateur", label: "Évaluateur", Component: TeamTab },
  { code: "MISSION_PREPARATION", slug: "preparation", label: "Préparation", Component: PreparationTab },
  { code: "MISSION_EVALUATION", slug: "evaluation", label: "Évaluation", Component: EvaluationTab },
];
