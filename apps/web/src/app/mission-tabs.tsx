import { type MissionDetail, parisToday } from "@certidesk/shared";
import { lazy, Suspense } from "react";
import { Spinner } from "../components/loading/Spinner";
import { MissionPage } from "../features/missions/components/MissionPage";
import type { MissionTabDefinition } from "../features/missions/components/mission-tabs";
import { useCan } from "../lib/can";

// The expenses feature's tabs (Frais, Performance) and the invoices panel come with their own chunks.
const ExpensesTabCode = lazy(() =>
  import("../features/expenses/components/ExpensesTab").then((m) => ({ default: m.ExpensesTab })),
);
const PerformanceTabCode = lazy(() =>
  import("../features/expenses/components/PerformanceTab").then((m) => ({ default: m.PerformanceTab })),
);

function ExpensesTab({ mission }: { mission: MissionDetail }) {
  return (
    <Suspense fallback={<Spinner />}>
      <ExpensesTabCode mission={mission} />
    </Suspense>
  );
}

function PerformanceTab({ mission }: { mission: MissionDetail }) {
  return (
    <Suspense fallback={<Spinner />}>
      <PerformanceTabCode mission={mission} />
    </Suspense>
  );
}

/** The mission view's tabs that come from the expenses feature (spec: MISSION_FRAIS, MISSION_PERFORMANCE). */
export const EXPENSE_MISSION_TABS: MissionTabDefinition[] = [
  { code: "MISSION_FRAIS", slug: "frais", label: "Frais", Component: ExpensesTab },
  { code: "MISSION_PERFORMANCE", slug: "performance", label: "Performance", Component: PerformanceTab },
];

// The invoices feature's panel comes with its own chunk, fetched when the tab is first opened.
const MissionInvoicesPanel = lazy(() =>
  import("../features/invoices/components/MissionInvoicesPanel").then((m) => ({ default: m.MissionInvoicesPanel })),
);

/** The visit is over once its last day is past, in Paris (the balance follows the visit). */
function visitOver(mission: MissionDetail) {
  const last =
    mission.days
      .map((d) => d.day)
      .sort()
      .at(-1) ?? "";
  return last !== "" && last <= parisToday();
}

function InvoicesTab({ mission }: { mission: MissionDetail }) {
  return (
    <Suspense fallback={<Spinner />}>
      <MissionInvoicesPanel missionId={mission.id} contractId={mission.contractId} visitOver={visitOver(mission)} />
    </Suspense>
  );
}

const FACTURE_TAB: MissionTabDefinition = {
  code: "MISSION_FACTURE",
  slug: "facture",
  label: "Facture",
  Component: InvoicesTab,
};

// The mail feature's panel: the mission's mails from the outbox (sent, waiting, failed).
const MissionMailsPanel = lazy(() =>
  import("../features/mail/components/MissionMailsPanel").then((m) => ({ default: m.MissionMailsPanel })),
);

function MailsTab({ mission }: { mission: MissionDetail }) {
  return (
    <Suspense fallback={<Spinner />}>
      <MissionMailsPanel missionId={mission.id} />
    </Suspense>
  );
}

const MAILS_TAB: MissionTabDefinition = {
  code: "MISSION_MAILS",
  slug: "e-mails",
  label: "E-mails",
  Component: MailsTab,
};

/**
 * The mission view with the tabs of the other features: Facture for those who see invoices, then Frais
 * and Performance (the evaluators' expenses and fees, their scores and the client's satisfaction), then
 * E-mails for those who see the outbox (every mail the mission sent: invoice, reports, orders, reminders).
 */
export function MissionPageWithTabs() {
  const { can } = useCan();
  return (
    <MissionPage
      extraTabs={[
        ...(can("INVOICE", "read") ? [FACTURE_TAB] : []),
        ...EXPENSE_MISSION_TABS,
        ...(can("MAIL", "read") ? [MAILS_TAB] : []),
      ]}
    />
  );
}
