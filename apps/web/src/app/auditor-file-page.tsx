import { lazy, Suspense } from "react";
import { Spinner } from "../components/loading/Spinner";
import { AuditorFilePage } from "../features/auditors/components/AuditorFilePage";

// The expenses feature's block comes with its own chunk, fetched when first shown: the evaluator's file
// stays within its download budget (scripts/bundle-budget.mjs).
const AuditorQualityBlock = lazy(() =>
  import("../features/expenses/components/AuditorQualityBlock").then((m) => ({ default: m.AuditorQualityBlock })),
);

/** Under the Missions tab of an evaluator's file: their performance averages and monthly statements. */
const auditorMissionsBlock = (auditorId: string) => (
  <Suspense fallback={<Spinner />}>
    <AuditorQualityBlock auditorId={auditorId} />
  </Suspense>
);

/** Route /app/evaluateur/{id}: the evaluator's file with the expenses feature's quality block. */
export function AuditorFileWithQuality() {
  return <AuditorFilePage missionsBlock={auditorMissionsBlock} />;
}
