import { AuditorFilePage } from "../features/auditors/components/AuditorFilePage";
import { EvaluatorSpacePage, type EvaluatorSpaceTab } from "../features/auditors/components/EvaluatorSpacePage";
import { AuditorQualityBlock } from "../features/expenses/components/AuditorQualityBlock";
import { ExpensesTab } from "../features/expenses/components/ExpensesTab";
import { MyExpensesPanel } from "../features/expenses/components/MyExpensesPanel";
import { PerformanceTab } from "../features/expenses/components/PerformanceTab";
import type { MissionTabDefinition } from "../features/missions/components/mission-tabs";

/** The mission view's tabs that come from the expenses feature (spec: MISSION_FRAIS, MISSION_PERFORMANCE). */
export const EXPENSE_MISSION_TABS: MissionTabDefinition[] = [
  { code: "MISSION_FRAIS", slug: "frais", label: "Frais", Component: ExpensesTab },
  { code: "MISSION_PERFORMANCE", slug: "performance", label: "Performance", Component: PerformanceTab },
];

/** The evaluator space's "Mes frais" tab. */
export const EXPENSE_SPACE_TABS: EvaluatorSpaceTab[] = [
  {
    value: "frais",
    label: "Mes frais",
    render: (auditor) => <MyExpensesPanel auditorId={auditor.id} independent={auditor.status === "INDEPENDANT"} />,
  },
];

/** Under the Missions tab of an evaluator's file: their performance averages and monthly statements. */
export const auditorMissionsBlock = (auditorId: string) => <AuditorQualityBlock auditorId={auditorId} />;

/** Route /app/evaluateur/{id}: the evaluator's file with the expenses feature's quality block. */
export function AuditorFileWithQuality() {
  return <AuditorFilePage missionsBlock={auditorMissionsBlock} />;
}

/** Route /espace-evaluateur/{auditorId}: the evaluator space with its "Mes frais" tab. */
export function EvaluatorSpaceWithExpenses() {
  return <EvaluatorSpacePage extraTabs={EXPENSE_SPACE_TABS} />;
}
