import {
  formatCurrency,
  type InvoiceDetail,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentBody,
  type PaymentMethod,
  parseDecimal,
  paymentBodySchema,
} from "@certidesk/shared";
import { Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { DateField, FormContent, FormModal, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useRecordPayment } from "../api/record-payment";
import { useRecordRefund } from "../api/record-refund";

interface PaymentForm {
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string;
  [key: string]: unknown;
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

type Mode = "payment" | "refund";

function PaymentForm({ invoice, mode, onClose }: { invoice: InvoiceDetail; mode: Mode; onClose: () => void }) {
  const payment = useRecordPayment();
  const refund = useRecordRefund();
  const pay = mode === "refund" ? refund : payment;
  const { form, submit, banner } = useZodForm<PaymentForm, PaymentBody>({
    initialValues: { date: today(), amount: "", method: "TRANSFER", reference: "" },
    schema: paymentBodySchema,
    toBody: (v) => ({
      date: v.date,
      amount: parseDecimal(v.amount) as number,
      method: v.method,
      reference: v.reference,
    }),
  });
  const save = submit(async (body) => {
    const saved = await pay.mutateAsync({ id: invoice.id, body });
    notifySaved(
      mode === "refund"
        ? `Remboursement enregistré${saved.refundDue > 0 ? ` : reste à rembourser ${formatCurrency(saved.refundDue)}` : ""}.`
        : saved.status === "INVOICE_PAID"
          ? `Facture ${saved.number} soldée.`
          : `Paiement enregistré : reste ${formatCurrency(saved.due)}.`,
    );
    onClose();
  });
  return (
    <FormContent
      onSubmit={save}
      onCancel={onClose}
      banner={banner}
      submitLabel={mode === "refund" ? "Enregistrer le remboursement" : "Enregistrer le paiement"}
      loading={pay.isPending}
    >
      <Text size="sm">
        {mode === "refund"
          ? `Dû au client après les avoirs : ${formatCurrency(invoice.refundDue)}`
          : `Reste à payer : ${formatCurrency(invoice.due)}`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label={mode === "refund" ? "Date du remboursement" : "Date du paiement"}
          required
          {...form.getInputProps("date")}
        />
        <NumericInput label="Montant" required rightSection="€" maxLength={12} {...form.getInputProps("amount")} />
        <Select
          label="Mode de paiement"
          allowDeselect={false}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          {...form.getInputProps("method")}
        />
        <TextInput
          label="Référence"
          placeholder="N° de chèque, libellé du virement…"
          {...form.getInputProps("reference")}
        />
      </SimpleGrid>
    </FormContent>
  );
}

/** A payment received, or (mode "refund") what is paid back to the client after a credit note. */
export function PaymentModal({
  invoice,
  opened,
  onClose,
  mode = "payment",
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
  mode?: Mode;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`${mode === "refund" ? "Remboursement" : "Paiement"} de la facture ${invoice.number ?? ""}`}
    >
      <PaymentForm invoice={invoice} mode={mode} onClose={onClose} />
    </FormModal>
  );
}
