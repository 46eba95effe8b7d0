import { lazy, Suspense } from "react";
import { Spinner } from "../components/loading/Spinner";
import { EvaluatorSpacePage, type EvaluatorSpaceTab } from "../features/auditors/components/EvaluatorSpacePage";

// The expenses feature's panel comes with its own chunk, fetched when first shown: the evaluator space
// stays within its download budget (scripts/bundle-budget.mjs).
const MyExpensesPanel = lazy(() =>
  import("../features/expenses/components/MyExpensesPanel").then((m) => ({ default: m.MyExpensesPanel })),
);

const StatementsPanel = lazy(() =>
  import("../features/expenses/components/StatementsPanel").then((m) => ({ default: m.StatementsPanel })),
);

// The wall's news block too: its own chunk, so the space's first download stays as it was.
const WallNewsBlock = lazy(() =>
  import("../features/wall/components/WallNewsBlock").then((m) => ({ default: m.WallNewsBlock })),
);

/** The evaluator space's "Mes frais" and "Relevés" tabs. */
const EXPENSE_SPACE_TABS: EvaluatorSpaceTab[] = [
  {
    value: "frais",
    label: "Mes frais",
    render: (auditor) => (
      <Suspense fallback={<Spinner />}>
        <MyExpensesPanel auditorId={auditor.id} independent={auditor.status === "INDEPENDANT"} />
      </Suspense>
    ),
  },
  {
    value: "releves",
    label: "Relevés",
    render: (auditor) => (
      <Suspense fallback={<Spinner />}>
        <StatementsPanel
          auditorId={auditor.id}
          intro={
            auditor.status === "INDEPENDANT"
              ? "Chaque mois, vos honoraires des missions terminées dans le mois et vos frais validés, avec ce qui vous a déjà été payé. Téléchargez le relevé du mois en PDF."
              : "Chaque mois, vos frais validés, avec ce qui vous a déjà été remboursé. Téléchargez le relevé du mois en PDF."
          }
        />
      </Suspense>
    ),
  },
];

/** Route /espace-evaluateur/{auditorId}: the evaluator space with its "Mes frais" and "Relevés" tabs and the wall's news. */
export function EvaluatorSpaceWithExpenses() {
  return (
    <EvaluatorSpacePage
      extraTabs={EXPENSE_SPACE_TABS}
      news={
        <Suspense fallback={null}>
          <WallNewsBlock />
        </Suspense>
      }
    />
  );
}
