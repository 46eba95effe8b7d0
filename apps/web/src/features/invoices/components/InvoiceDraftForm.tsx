import {
  computeInvoiceTotals,
  formatCurrency,
  type InvoiceDetail,
  type InvoiceLineKind,
  parseDecimal,
  toCents,
  type UpdateInvoiceBody,
  updateInvoiceBodySchema,
  VAT_RATES,
} from "@certidesk/shared";
import {
  ActionIcon,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { FormContent, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useUpdateInvoice } from "../api/update-invoice";

interface LineForm {
  kind: InvoiceLineKind;
  label: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  /** The rebilled expense of a TRAVEL line: kept so that removing the line frees it, editing it does not. */
  expenseId: string | null;
}
type DraftForm = {
  lines: LineForm[];
  buyerSiret: string;
  serviceCode: string;
  engagementNumber: string;
  notes: string;
  version: number;
};

const decimal = (v: number) => String(v).replace(".", ",");
const toForm = (i: InvoiceDetail): DraftForm => ({
  lines: i.lines.map((l) => ({
    kind: l.kind,
    label: l.label,
    quantity: decimal(l.quantity),
    unitPrice: decimal(l.unitPrice),
    vatRate: String(l.vatRate),
    expenseId: l.expenseId,
  })),
  buyerSiret: i.buyerReference.buyerSiret ?? "",
  serviceCode: i.buyerReference.serviceCode ?? "",
  engagementNumber: i.buyerReference.engagementNumber ?? "",
  notes: i.notes ?? "",
  version: i.version,
});
const toBody = (v: DraftForm): UpdateInvoiceBody => ({
  lines: v.lines.map((l) => ({
    kind: l.kind,
    label: l.label,
    quantity: parseDecimal(l.quantity) as number,
    unitPrice: parseDecimal(l.unitPrice) as number,
    vatRate: Number(l.vatRate) as 0.2,
    expenseId: l.expenseId,
  })),
  buyerReference: { buyerSiret: v.buyerSiret, serviceCode: v.serviceCode, engagementNumber: v.engagementNumber },
  notes: v.notes,
  version: v.version,
});

/** The draft's lines, its Chorus Pro references and its note; totals per VAT rate as typed. */
export function InvoiceDraftForm({ invoice, onSaved }: { invoice: InvoiceDetail; onSaved?: () => void }) {
  const update = useUpdateInvoice();
  const { form, submit, banner, summary } = useZodForm<DraftForm, UpdateInvoiceBody>({
    initialValues: toForm(invoice),
    schema: updateInvoiceBodySchema,
    toBody,
  });
  const values = form.getValues();
  const amounts = values.lines.map((l) => ({
    quantity: parseDecimal(l.quantity) ?? 0,
    unitPriceCents: toCents(Math.max(0, parseDecimal(l.unitPrice) ?? 0)),
    vatRate: Number(l.vatRate),
  }));
  const totals = computeInvoiceTotals(amounts);
  const save = submit(async (body) => {
    await update.mutateAsync({ id: invoice.id, body });
    notifySaved("Brouillon enregistré.");
    onSaved?.();
  });

  return (
    <FormContent
      onSubmit={save}
      onCancel={() => form.setValues(toForm(invoice))}
      banner={banner}
      summary={summary}
      submitLabel="Enregistrer le brouillon"
      loading={update.isPending}
      footer={
        <Stack gap={2} aria-live="polite">
          <Text size="sm">Total HT : {formatCurrency(totals.totalHtCents / 100)}</Text>
          {totals.vat.map((v) => (
            <Text size="sm" key={v.vatRate}>
              TVA {VAT_RATES.find((r) => r.value === v.vatRate)?.label} : {formatCurrency(v.vatCents / 100)}
            </Text>
          ))}
          <Text fw={700}>Total TTC : {formatCurrency(totals.totalTtcCents / 100)}</Text>
        </Stack>
      }
    >
      <Table.ScrollContainer minWidth={680}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Désignation</Table.Th>
              <Table.Th w={90}>Quantité</Table.Th>
              <Table.Th w={130}>Prix unitaire HT</Table.Th>
              <Table.Th w={120}>TVA</Table.Th>
              <Table.Th w={120} ta="right">
                Total HT
              </Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>Supprimer</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.lines.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own.
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput aria-label={`Désignation ${i + 1}`} {...form.getInputProps(`lines.${i}.label`)} />
                </Table.Td>
                <Table.Td>
                  <NumericInput
                    aria-label={`Quantité ${i + 1}`}
                    allowNegative
                    maxLength={8}
                    {...form.getInputProps(`lines.${i}.quantity`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumericInput
                    aria-label={`Prix unitaire ${i + 1}`}
                    maxLength={12}
                    rightSection="€"
                    {...form.getInputProps(`lines.${i}.unitPrice`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`TVA ${i + 1}`}
                    allowDeselect={false}
                    data={VAT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
                    {...form.getInputProps(`lines.${i}.vatRate`)}
                  />
                </Table.Td>
                <Table.Td ta="right">{formatCurrency((totals.lines[i] ?? 0) / 100)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Supprimer la ligne ${i + 1}`}
                    onClick={() => form.removeListItem("lines", i)}
                    disabled={values.lines.length === 1}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            form.insertListItem("lines", {
              kind: "TRAVEL",
              label: "Frais de déplacement",
              quantity: "1",
              unitPrice: "",
              vatRate: values.lines[0]?.vatRate ?? "0.2",
              expenseId: null,
            })
          }
        >
          Ajouter des frais de déplacement
        </Button>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            form.insertListItem("lines", {
              kind: "SERVICE",
              label: "",
              quantity: "1",
              unitPrice: "",
              vatRate: values.lines[0]?.vatRate ?? "0.2",
              expenseId: null,
            })
          }
        >
          Ajouter une ligne
        </Button>
      </Group>
      <Text size="sm" fw={600} component="div">
        Acheteur public (Chorus Pro)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="SIRET de l'acheteur" {...form.getInputProps("buyerSiret")} />
        <TextInput label="Code service" {...form.getInputProps("serviceCode")} />
        <TextInput label="Numéro d'engagement" {...form.getInputProps("engagementNumber")} />
      </SimpleGrid>
      <Textarea label="Mention (imprimée sur la facture)" autosize minRows={2} {...form.getInputProps("notes")} />
    </FormContent>
  );
}
