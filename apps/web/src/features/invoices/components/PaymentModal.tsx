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

function PaymentForm({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const pay = useRecordPayment();
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
      saved.status === "INVOICE_PAID"
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
      submitLabel="Enregistrer le paiement"
      loading={pay.isPending}
    >
      <Text size="sm">Reste à payer : {formatCurrency(invoice.due)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Date du paiement" required {...form.getInputProps("date")} />
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

export function PaymentModal({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Paiement de la facture ${invoice.number ?? ""}`}>
      <PaymentForm invoice={invoice} onClose={onClose} />
    </FormModal>
  );
}
