import {
  EXPENSE_KIND_LABELS,
  EXPENSE_KINDS,
  type ExpenseBody,
  type ExpenseKind,
  eurosToCents,
  expenseBodySchema,
  FUTURE_EXPENSE_MESSAGE,
  mileageCents,
  parisToday,
  parseDecimal,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
  type TransportMode,
} from "@certidesk/shared";
import { FileInput, Select, Text, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { DateField, FormContent, FormModal, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useDeclareExpense } from "../api/declare-expense";
import { useFareClasses } from "../api/get-fare-classes";
import { euros, rateLabel } from "./expense-labels";

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The missions the evaluator may declare on (their team's). */
  missions: Array<{ id: string; label: string }>;
  kmRate: number;
};

export function DeclareExpenseModal({ opened, onClose, ...props }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Déclarer une dépense">
      <DeclareExpenseForm onClose={onClose} {...props} />
    </FormModal>
  );
}

interface Form extends Record<string, unknown> {
  missionId: string | null;
  kind: ExpenseKind | null;
  transportMode: TransportMode | null;
  fareClassId: string | null;
  kilometres: string;
  amount: string;
  date: string;
  description: string;
}

/** Euros as typed → cents; more than two decimals stay unrounded, so the schema says so under the field. */
const toCents = (text: string) => {
  const value = parseDecimal(text);
  return value === null ? null : eurosToCents(value);
};

function DeclareExpenseForm({ onClose, missions, kmRate }: Omit<Props, "opened">) {
  const declare = useDeclareExpense();
  const fareClasses = useFareClasses();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const { form, submit, banner, summary, showErrors } = useZodForm<Form, ExpenseBody>({
    initialValues: {
      missionId: missions.length === 1 ? (missions[0]?.id ?? null) : null,
      kind: null,
      transportMode: null,
      fareClassId: null,
      kilometres: "",
      amount: "",
      date: "",
      description: "",
    },
    schema: expenseBodySchema,
    toBody: (v) => ({
      kind: v.kind as ExpenseKind,
      date: v.date,
      description: v.description,
      transportMode: v.kind === "TRANSPORT" ? v.transportMode : null,
      fareClassId: v.kind === "TRANSPORT" && v.transportMode !== "CAR" ? v.fareClassId : null,
      kilometres: v.kind === "TRANSPORT" && v.transportMode === "CAR" ? parseDecimal(v.kilometres) : null,
      amountCents: v.kind === "TRANSPORT" && v.transportMode === "CAR" ? null : toCents(v.amount),
    }),
    toFormPath: (path) => (path === "amountCents" ? "amount" : path),
  });
  const values = form.getValues();
  const car = values.kind === "TRANSPORT" && values.transportMode === "CAR";
  const km = parseDecimal(values.kilometres);
  const onSubmit = submit(async (body) => {
    if (!values.missionId) {
      showErrors({ missionId: "Choisissez la mission." });
      return;
    }
    if (!receipt) {
      setReceiptError("Joignez le justificatif.");
      showErrors({});
      return;
    }
    // The server refuses it too; said here first, under the field, without sending the receipt.
    if (body.date > parisToday()) {
      showErrors({ date: FUTURE_EXPENSE_MESSAGE });
      return;
    }
    await declare.mutateAsync({ missionId: values.missionId, body, receipt });
    notifySaved("Dépense déclarée : elle sera validée par l'équipe.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      summary={summary}
      submitLabel="Déclarer"
      loading={declare.isPending}
    >
      {missions.length > 1 && (
        <Select
          label="Mission"
          required
          searchable
          data={missions.map((m) => ({ value: m.id, label: m.label }))}
          {...form.getInputProps("missionId")}
        />
      )}
      <Select
        label="Nature"
        required
        data={EXPENSE_KINDS.map((k) => ({ value: k, label: EXPENSE_KIND_LABELS[k] }))}
        {...form.getInputProps("kind")}
      />
      {values.kind === "TRANSPORT" && (
        <Select
          label="Mode de transport"
          required
          data={TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }))}
          {...form.getInputProps("transportMode")}
        />
      )}
      {values.kind === "TRANSPORT" && values.transportMode && !car && (
        <Select
          label="Classe de transport"
          clearable
          data={(fareClasses.data ?? []).map((f) => ({ value: f._id, label: f.fareClassName }))}
          {...form.getInputProps("fareClassId")}
        />
      )}
      <DateField label="Date de la dépense" required {...form.getInputProps("date")} />
      {car ? (
        <>
          <NumericInput label="Kilomètres parcourus" required {...form.getInputProps("kilometres")} />
          <Text size="sm" aria-live="polite">
            Barème : {rateLabel(kmRate)}
            {km ? ` — soit ${euros(mileageCents(km, kmRate))}` : ""}
          </Text>
        </>
      ) : (
        <NumericInput label="Montant TTC (€)" required {...form.getInputProps("amount")} />
      )}
      <TextInput
        label="Description"
        placeholder="Trajet Lyon – Grenoble, nuit d'hôtel…"
        {...form.getInputProps("description")}
      />
      <FileInput
        label="Justificatif"
        required
        placeholder="Choisir un fichier (PDF, photo…)"
        value={receipt}
        onChange={(f) => {
          setReceipt(f);
          setReceiptError(null);
        }}
        error={receiptError}
        leftSection={<IconUpload size={16} />}
      />
    </FormContent>
  );
}
