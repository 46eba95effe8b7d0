import {
  computeQuoteTotals,
  DEFAULT_QUOTE_LINES,
  formatCurrency,
  parseDecimal,
  type QuoteDetail,
  type RequestDetail,
  type SaveQuoteBody,
  saveQuoteBodySchema,
  TRAVEL_EXPENSE_OPTIONS,
  toIsoDay,
  VAT_RATES,
} from "@certidesk/shared";
import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
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
import { DateField, FormContent, FormModal, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useCreateQuote } from "../api/create-quote";
import { useUpdateQuote } from "../api/update-quote";

interface LineForm {
  service: string;
  days: string;
  unitPrice: string;
  quantity: string;
}
interface QuoteForm extends Record<string, unknown> {
  lines: LineForm[];
  vatRate: string;
  travelExpenseMode: string;
  travelExpenseAmount: string;
  validUntil: string;
  notes: string;
}

/** Numbers as the user sees them: a decimal comma. */
const typed = (n: number) => String(n).replace(".", ",");

function initialLines(request: RequestDetail, quote: QuoteDetail | null): LineForm[] {
  if (quote)
    return quote.lines.map((l) => ({
      service: l.service,
      days: typed(l.days),
      unitPrice: typed(l.unitPrice),
      quantity: typed(l.quantity),
    }));
  const quantity = request.service === "CERTIFICATION" ? 1 : Math.max(1, request.establishmentDetails.length);
  return DEFAULT_QUOTE_LINES[request.service].map((l) => ({
    service: l.service,
    days: typed(l.days),
    unitPrice: typed(l.unitPrice),
    quantity: typed(quantity),
  }));
}
const defaultVat = (request: RequestDetail) =>
  request.establishmentDetails.some((e) => ["971", "972", "974"].some((d) => e.postalCode?.startsWith(d)))
    ? 0.085
    : 0.2;

function initialValues(request: RequestDetail, quote: QuoteDetail | null): QuoteForm {
  const inThreeMonths = toIsoDay(new Date(Date.now() + 90 * 86_400_000)) ?? "";
  return {
    lines: initialLines(request, quote),
    vatRate: String(quote?.vatRate ?? defaultVat(request)),
    travelExpenseMode: String(quote?.travelExpenseMode ?? 1),
    travelExpenseAmount: quote?.travelExpenseAmount ? typed(quote.travelExpenseAmount) : "",
    validUntil: quote ? (quote.validUntil ?? "") : inThreeMonths,
    notes: quote?.notes ?? "",
  };
}

/** The body the API takes; an empty number stays null so the schema asks for it by name. */
function toBody(values: QuoteForm): SaveQuoteBody {
  const mode = Number(values.travelExpenseMode);
  return {
    lines: values.lines.map((l) => ({
      service: l.service,
      days: parseDecimal(l.days) as number,
      unitPrice: parseDecimal(l.unitPrice) as number,
      quantity: parseDecimal(l.quantity) as number,
    })),
    vatRate: Number(values.vatRate) as SaveQuoteBody["vatRate"],
    travelExpenseMode: mode as SaveQuoteBody["travelExpenseMode"],
    travelExpenseAmount: mode === 3 ? parseDecimal(values.travelExpenseAmount) : null,
    validUntil: values.validUntil || null,
    notes: values.notes,
  };
}

/** A line counts in the totals once its numbers are complete and allowed; otherwise it shows "—". */
function countedLine(line: LineForm) {
  const days = parseDecimal(line.days);
  const unitPrice = parseDecimal(line.unitPrice);
  const quantity = parseDecimal(line.quantity);
  if (days === null || unitPrice === null || quantity === null) return null;
  if (days <= 0 || unitPrice < 0 || quantity < 1) return null;
  return { days, unitPrice, quantity };
}

/** Writes a quote: lines, VAT, travel expenses, with totals computed as the server will. */
export function QuoteEditorModal({
  request,
  quote,
  opened,
  onClose,
}: {
  request: RequestDetail;
  quote: QuoteDetail | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={quote ? `Modifier le devis ${quote.label}` : "Nouveau devis"}
      size="80rem"
    >
      <QuoteEditorForm request={request} quote={quote} onClose={onClose} />
    </FormModal>
  );
}

function QuoteEditorForm({
  request,
  quote,
  onClose,
}: {
  request: RequestDetail;
  quote: QuoteDetail | null;
  onClose: () => void;
}) {
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const { form, submit, banner, summary } = useZodForm<QuoteForm, SaveQuoteBody>({
    initialValues: initialValues(request, quote),
    schema: saveQuoteBodySchema,
    toBody,
    // An update sends { quote, version }: its errors point into "quote".
    toFormPath: (path) => path.replace(/^quote\./, ""),
  });
  const values = form.getValues();
  const counted = values.lines.map(countedLine);
  const mode = Number(values.travelExpenseMode);
  const vatRate = Number(values.vatRate);
  const totals = computeQuoteTotals(
    counted.map((l) => l ?? { days: 0, unitPrice: 0, quantity: 0 }),
    vatRate,
    mode,
    Math.max(0, parseDecimal(values.travelExpenseAmount) ?? 0),
  );
  const uncounted = counted.filter((l) => l === null).length;

  const save = submit(async (body) => {
    const saved = quote
      ? await update.mutateAsync({ id: quote.id, body, version: quote.version })
      : await create.mutateAsync({ requestId: request.id, body });
    notifySaved(quote ? `Devis ${saved.label} modifié.` : `Devis ${saved.label} créé.`);
    onClose();
  });

  const validUntil = <DateField label="Valable jusqu'au" {...form.getInputProps("validUntil")} />;

  return (
    <FormContent
      onSubmit={save}
      onCancel={onClose}
      banner={banner}
      summary={summary}
      submitLabel={quote ? "Enregistrer" : "Créer le devis"}
      loading={create.isPending || update.isPending}
      footer={
        <Stack gap={2} aria-live="polite">
          <Text size="sm">Total HT : {formatCurrency(totals.totalHT)}</Text>
          <Text size="sm">
            TVA ({VAT_RATES.find((r) => r.value === vatRate)?.label}) : {formatCurrency(totals.totalVAT)}
          </Text>
          <Text fw={700}>Total TTC : {formatCurrency(totals.totalTTC)}</Text>
          {uncounted > 0 && (
            <Text size="xs" c="red.8">
              {uncounted === 1
                ? "Une ligne incomplète n'est pas comptée."
                : `${uncounted} lignes incomplètes ne sont pas comptées.`}
            </Text>
          )}
        </Stack>
      }
    >
      <Table.ScrollContainer minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Prestation</Table.Th>
              <Table.Th w={90}>Jours</Table.Th>
              <Table.Th w={130}>Prix unitaire HT</Table.Th>
              <Table.Th w={90}>Quantité</Table.Th>
              <Table.Th w={130} ta="right">
                Total HT
              </Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>Supprimer</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.lines.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved.
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput aria-label={`Prestation ${i + 1}`} {...form.getInputProps(`lines.${i}.service`)} />
                </Table.Td>
                <Table.Td>
                  <NumericInput
                    aria-label={`Jours ${i + 1}`}
                    allowNegative
                    maxLength={6}
                    {...form.getInputProps(`lines.${i}.days`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumericInput
                    aria-label={`Prix unitaire ${i + 1}`}
                    allowNegative
                    maxLength={10}
                    rightSection="€"
                    {...form.getInputProps(`lines.${i}.unitPrice`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumericInput
                    aria-label={`Quantité ${i + 1}`}
                    allowDecimal={false}
                    allowNegative
                    maxLength={4}
                    {...form.getInputProps(`lines.${i}.quantity`)}
                  />
                </Table.Td>
                <Table.Td ta="right" data-testid={`line-total-${i + 1}`}>
                  {counted[i] ? formatCurrency(totals.lines[i]) : "—"}
                </Table.Td>
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
          onClick={() => form.insertListItem("lines", { service: "", days: "1", unitPrice: "", quantity: "1" })}
        >
          Ajouter une ligne
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select
          label="TVA"
          allowDeselect={false}
          data={VAT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
          {...form.getInputProps("vatRate")}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Frais de déplacement
          </Text>
          <SegmentedControl
            aria-label="Frais de déplacement"
            data={TRAVEL_EXPENSE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            {...form.getInputProps("travelExpenseMode")}
          />
        </Stack>
        {mode === 3 ? (
          <NumericInput
            label="Montant du forfait HT"
            required
            rightSection="€"
            maxLength={8}
            allowNegative
            {...form.getInputProps("travelExpenseAmount")}
          />
        ) : (
          validUntil
        )}
      </SimpleGrid>
      {mode === 3 && <div style={{ maxWidth: 220 }}>{validUntil}</div>}
      <Textarea label="Remarques (imprimées sur le devis)" autosize minRows={2} {...form.getInputProps("notes")} />
    </FormContent>
  );
}
