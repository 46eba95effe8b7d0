import {
  computeQuoteTotals,
  DEFAULT_QUOTE_LINES,
  formatCurrency,
  type QuoteDetail,
  type RequestDetail,
  TRAVEL_EXPENSE_OPTIONS,
  VAT_RATES,
} from "@certidesk/shared";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useCreateQuote } from "../api/create-quote";
import { useUpdateQuote } from "../api/update-quote";

interface LineForm {
  service: string;
  days: string;
  unitPrice: string;
  quantity: string;
}
const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v.replace(",", ".")));
const str = (n: number) => String(n);

function initialLines(request: RequestDetail, quote: QuoteDetail | null): LineForm[] {
  if (quote)
    return quote.lines.map((l) => ({
      service: l.service,
      days: str(l.days),
      unitPrice: str(l.unitPrice),
      quantity: str(l.quantity),
    }));
  const quantity = request.service === "CERTIFICATION" ? 1 : Math.max(1, request.establishmentDetails.length);
  return DEFAULT_QUOTE_LINES[request.service].map((l) => ({
    service: l.service,
    days: str(l.days),
    unitPrice: str(l.unitPrice),
    quantity: str(quantity),
  }));
}
const defaultVat = (request: RequestDetail) =>
  request.establishmentDetails.some((e) => ["971", "972", "974"].some((d) => e.postalCode?.startsWith(d)))
    ? 0.085
    : 0.2;

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
  const [lines, setLines] = useState<LineForm[]>([]);
  const [vatRate, setVatRate] = useState(0.2);
  const [travelMode, setTravelMode] = useState(1);
  const [travelAmount, setTravelAmount] = useState("");
  const [validUntil, setValidUntil] = useState("");
  const [notes, setNotes] = useState("");
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const mutation = quote ? update : create;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    create.reset();
    update.reset();
    setLines(initialLines(request, quote));
    setVatRate(quote?.vatRate ?? defaultVat(request));
    setTravelMode(quote?.travelExpenseMode ?? 1);
    setTravelAmount(quote?.travelExpenseAmount ? str(quote.travelExpenseAmount) : "");
    const inThreeMonths = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    setValidUntil(quote ? (quote.validUntil ?? "") : inThreeMonths);
    setNotes(quote?.notes ?? "");
  }, [opened, quote]);

  const parsed = lines.map((l) => ({
    service: l.service,
    days: num(l.days),
    unitPrice: num(l.unitPrice),
    quantity: num(l.quantity),
  }));
  const valid = parsed.every((l) => [l.days, l.unitPrice, l.quantity].every(Number.isFinite));
  const totals = valid ? computeQuoteTotals(parsed, vatRate, travelMode, num(travelAmount) || 0) : null;
  const setLine = (i: number, key: keyof LineForm, value: string) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, [key]: value } : l)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      lines: parsed,
      vatRate: vatRate as 0.2,
      travelExpenseMode: travelMode as 1,
      travelExpenseAmount: travelMode === 3 ? num(travelAmount) || null : null,
      validUntil: validUntil || null,
      notes,
    };
    const saved = quote
      ? await update.mutateAsync({ id: quote.id, body, version: quote.version }).catch(() => null)
      : await create.mutateAsync({ requestId: request.id, body }).catch(() => null);
    if (!saved) return;
    notifySaved(quote ? `Devis ${saved.label} modifié.` : `Devis ${saved.label} créé.`);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={quote ? `Modifier le devis ${quote.label}` : "Nouveau devis"}
      size="80rem"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          )}
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
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved.
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Prestation ${i + 1}`}
                      value={line.service}
                      onChange={(e) => setLine(i, "service", e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumericInput
                      aria-label={`Jours ${i + 1}`}
                      value={line.days}
                      onChange={(v) => setLine(i, "days", v)}
                      maxLength={6}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumericInput
                      aria-label={`Prix unitaire ${i + 1}`}
                      value={line.unitPrice}
                      onChange={(v) => setLine(i, "unitPrice", v)}
                      maxLength={10}
                      rightSection="€"
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumericInput
                      aria-label={`Quantité ${i + 1}`}
                      allowDecimal={false}
                      value={line.quantity}
                      onChange={(v) => setLine(i, "quantity", v)}
                      maxLength={3}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{totals ? formatCurrency(totals.lines[i]) : "—"}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Supprimer la ligne ${i + 1}`}
                      onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                      disabled={lines.length === 1}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setLines((all) => [...all, { service: "", days: "1", unitPrice: "", quantity: "1" }])}
            >
              Ajouter une ligne
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Select
              label="TVA"
              allowDeselect={false}
              data={VAT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
              value={String(vatRate)}
              onChange={(v) => v && setVatRate(Number(v))}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Frais de déplacement
              </Text>
              <SegmentedControl
                aria-label="Frais de déplacement"
                value={String(travelMode)}
                onChange={(v) => setTravelMode(Number(v))}
                data={TRAVEL_EXPENSE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
              />
            </Stack>
            {travelMode === 3 ? (
              <NumericInput
                label="Montant du forfait HT"
                required
                value={travelAmount}
                onChange={setTravelAmount}
                rightSection="€"
                maxLength={8}
              />
            ) : (
              <TextInput
                label="Valable jusqu'au"
                type="date"
                value={validUntil}
                onChange={(e) => setValidUntil(e.currentTarget.value)}
              />
            )}
          </SimpleGrid>
          {travelMode === 3 && (
            <TextInput
              label="Valable jusqu'au"
              type="date"
              w={220}
              value={validUntil}
              onChange={(e) => setValidUntil(e.currentTarget.value)}
            />
          )}
          <Textarea
            label="Remarques (imprimées sur le devis)"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Text size="sm">Total HT : {totals ? formatCurrency(totals.totalHT) : "—"}</Text>
              <Text size="sm">
                TVA ({VAT_RATES.find((r) => r.value === vatRate)?.label}) :{" "}
                {totals ? formatCurrency(totals.totalVAT) : "—"}
              </Text>
              <Text fw={700}>Total TTC : {totals ? formatCurrency(totals.totalTTC) : "—"}</Text>
            </Stack>
            <Group>
              <Button variant="default" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {quote ? "Enregistrer" : "Créer le devis"}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
