import type { MissionDetail } from "@certidesk/shared";
import type { ComponentType } from "react";
import { DataTab } from "./DataTab";
import { EvaluationTab } from "./evaluation-tab/EvaluationTab";
import { PreparationTab } from "./preparation-tab/PreparationTab";
import { TeamTab } from "./TeamTab";

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
