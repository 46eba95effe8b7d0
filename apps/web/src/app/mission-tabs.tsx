import type { MissionDetail } from "@certidesk/shared";
import { MissionInvoicesPanel } from "../features/invoices/components/MissionInvoicesPanel";
import { MissionPage } from "../features/missions/components/MissionPage";
import type { MissionTabDefinition } from "../features/missions/components/mission-tabs";
import { useCan } from "../lib/can";
import { EXPENSE_MISSION_TABS } from "./mission-extra-tabs";

function InvoicesTab({ mission }: { mission: MissionDetail }) {
  return <MissionInvoicesPanel missionId={mission.id} />;
}

const FACTURE_TAB: MissionTabDefinition = {
  code: "MISSION_FACTURE",
  slug: "facture",
  label: "Facture",
  Component: InvoicesTab,
};

/**
 * The mission view with the tabs of the other features: Facture for those who see invoices, then Frais
 * and Performance (the evaluators' expenses and fees, their scores and the client's satisfaction).
 */
export function MissionPageWithTabs() {
  const { can } = useCan();
  return <MissionPage extraTabs={[...(can("INVOICE", "read") ? [FACTURE_TAB] : []), ...EXPENSE_MISSION_TABS]} />;
}
