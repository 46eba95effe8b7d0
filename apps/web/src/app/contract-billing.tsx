import type { ContractDetail } from "@certidesk/shared";
import { lazy, Suspense } from "react";
import { Spinner } from "../components/loading/Spinner";
import { ContractPage } from "../features/contracts/components/ContractPage";
import { useCan } from "../lib/can";

// The invoices feature's deposit block comes with its own chunk, fetched for a signed contract only.
const DepositPanel = lazy(() =>
  import("../features/invoices/components/DepositPanel").then((m) => ({ default: m.DepositPanel })),
);

function ContractDeposit({ contract }: { contract: ContractDetail }) {
  const { can } = useCan();
  if (contract.status !== "SIGNED" || !can("INVOICE", "read")) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <DepositPanel contractId={contract.id} />
    </Suspense>
  );
}

/** The contract page with the deposit invoice of a signed contract, for those who see invoices. */
export function ContractPageWithBilling() {
  return <ContractPage aside={(contract) => <ContractDeposit contract={contract} />} />;
}
