import { type Expense, formatDate } from "@certidesk/shared";
import { Anchor, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components";
import { ExpenseActions } from "./ExpenseActions";
import { DateWarning, ExpenseStatusBadge, euros, expenseNature } from "./expense-labels";

/** Whether an approved expense is on a client invoice ("frais en sus"), and which one. */
function RebilledCell({ expense }: { expense: Expense }) {
  if (expense.status !== "APPROVED" && expense.status !== "REIMBURSED") return <>—</>;
  const inv = expense.rebilledInvoice;
  if (!inv)
    return (
      <Text size="sm" c="dimmed">
        Pas encore refacturée
      </Text>
    );
  return (
    <Anchor component={Link} to={`/app/facture/${inv.id}`} size="sm" style={{ whiteSpace: "nowrap" }}>
      {inv.number ? `Facture n° ${inv.number}` : "Brouillon de solde"}
    </Anchor>
  );
}

const DATE: DataTableColumn<Expense> = {
  key: "date",
  title: "Date",
  width: 120,
  render: (e) => (
    <>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatDate(e.date)}
      </Text>
      {e.dateWarning && <DateWarning reason={e.dateWarning} />}
    </>
  ),
};
const MISSION: DataTableColumn<Expense> = { key: "missionLabel", title: "Mission", width: 200, priority: 1 };
const AUDITOR: DataTableColumn<Expense> = { key: "auditorName", title: "Évaluateur", width: 160, priority: 1 };
const NATURE: DataTableColumn<Expense> = {
  key: "kind",
  title: "Nature",
  render: (e) => (
    <>
      <Text size="sm">{expenseNature(e)}</Text>
      {e.description && (
        <Text size="xs" c="dimmed">
          {e.description}
        </Text>
      )}
    </>
  ),
};
const AMOUNT: DataTableColumn<Expense> = {
  key: "amountCents",
  title: "Montant",
  width: 110,
  align: "right",
  render: (e) => <span style={{ whiteSpace: "nowrap" }}>{euros(e.amountCents)}</span>,
};
const RECEIPT: DataTableColumn<Expense> = {
  key: "receipt",
  title: "Justificatif",
  width: 160,
  priority: 2,
  render: (e) =>
    e.receipt ? (
      <Anchor href={e.receipt.url} target="_blank" rel="noopener" size="sm" style={{ whiteSpace: "nowrap" }}>
        Voir le justificatif
      </Anchor>
    ) : (
      "—"
    ),
};
// Wide enough for the longest status badge ("Remboursée") on one line.
const STATUS: DataTableColumn<Expense> = {
  key: "status",
  title: "Statut",
  width: 150,
  render: (e) => (
    <>
      <ExpenseStatusBadge status={e.status} />
      {e.status === "REJECTED" && e.rejectionReason && (
        <Text size="xs" c="red">
          {e.rejectionReason}
        </Text>
      )}
      {e.reimbursedOn && <Text size="xs">le {formatDate(e.reimbursedOn)}</Text>}
    </>
  ),
};
const REBILLED: DataTableColumn<Expense> = {
  key: "rebilledInvoice",
  title: "Refacturation",
  width: 180,
  priority: 3,
  render: (e) => <RebilledCell expense={e} />,
};
const ACTIONS: DataTableColumn<Expense> = {
  key: "actions",
  title: "Actions",
  width: 250,
  render: (e) => <ExpenseActions expense={e} />,
};

export interface ExpenseTableProps {
  items: Expense[];
  showAuditor?: boolean;
  showMission?: boolean;
  /** The contract rebills the expenses to the client: a column says on which invoice. */
  showRebilled?: boolean;
}

/** Expense lines: who validates sees the actions; a phone shows each line as a card. */
export function ExpenseTable({ items, showAuditor, showMission, showRebilled }: ExpenseTableProps) {
  const withActions = items.some((e) => e.abilities.decide || e.abilities.reimburse);
  const columns = useMemo(
    () => [
      DATE,
      ...(showMission ? [MISSION] : []),
      ...(showAuditor ? [AUDITOR] : []),
      NATURE,
      AMOUNT,
      RECEIPT,
      STATUS,
      ...(showRebilled ? [REBILLED] : []),
      ...(withActions ? [ACTIONS] : []),
    ],
    [showMission, showAuditor, showRebilled, withActions],
  );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aucune dépense déclarée.
      </Text>
    );
  return (
    <DataTable
      aria-label="Dépenses"
      columns={columns}
      rows={items}
      getRowKey={(e) => e.id}
      estimatedRowHeight={49}
      manualSorting
      manualFiltering
      maxHeight="none"
    />
  );
}
