import {
  EXPENSE_KIND_LABELS,
  EXPENSE_STATUS_LABELS,
  type Expense,
  type ExpenseStatus,
  FEE_INVOICE_STATUS_LABELS,
  type FeeInvoiceStatus,
  formatCurrency,
  formatDecimal,
  TRANSPORT_MODE_LABELS,
} from "@certidesk/shared";
import { Badge, Stack, Text } from "@mantine/core";

const STATUS_COLORS: Record<ExpenseStatus, string> = {
  SUBMITTED: "orange",
  APPROVED: "blue",
  REJECTED: "red",
  REIMBURSED: "green",
};

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {EXPENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An expense dated outside the mission's dates beyond the margin: flagged, with the reason, for who validates it. */
export function DateWarning({ reason }: { reason: string }) {
  return (
    <Stack gap={2} mt={4} maw={260}>
      <Badge color="orange" variant="light">
        Date à vérifier
      </Badge>
      <Text size="xs" c="orange.9">
        {reason}
      </Text>
    </Stack>
  );
}

export function FeeStatusBadge({ status }: { status: FeeInvoiceStatus }) {
  return (
    <Badge color={status === "PAID" ? "green" : "orange"} variant="light">
      {FEE_INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Cents → "1 234,50 €". */
export const euros = (cents: number | null | undefined) => formatCurrency((cents ?? 0) / 100);

/** "Transport — Train (2de classe)", "Transport — Voiture : 123,5 km × 0,636 €", "Repas". */
export function expenseNature(e: Expense): string {
  const kind = EXPENSE_KIND_LABELS[e.kind];
  if (e.kind !== "TRANSPORT" || !e.transportMode) return kind;
  if (e.transportMode === "CAR")
    return `${kind} — voiture : ${formatDecimal(e.kilometres ?? 0)} km × ${rateLabel(e.kmRate ?? 0)}`;
  const mode = TRANSPORT_MODE_LABELS[e.transportMode];
  return `${kind} — ${mode}${e.fareClassName ? ` (${e.fareClassName})` : ""}`;
}

/** The mileage rate with its three decimals: "0,636 €/km". */
export const rateLabel = (rate: number) =>
  `${rate.toLocaleString("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 3 })}\u00a0€/km`;
