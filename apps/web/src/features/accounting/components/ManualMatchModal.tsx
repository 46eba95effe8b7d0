import { type BankLine, formatCurrency, formatDate } from "@certidesk/shared";
import { Alert, MultiSelect, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { FormContent, FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useConfirmLine, useOpenInvoiceOptions } from "../api/bank-lines";

function ManualMatchForm({ line, onClose }: { line: BankLine; onClose: () => void }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const options = useOpenInvoiceOptions(debounced);
  const confirm = useConfirmLine();
  const data = [
    ...(options.data?.items ?? []).map((o) => ({
      value: o.invoiceId,
      label: `${o.number} — ${o.clientName} — reste ${formatCurrency(o.amount)}`,
    })),
    ...chosen
      .filter((id) => !options.data?.items.some((o) => o.invoiceId === id))
      .map((id) => ({ value: id, label: labels[id] ?? id })),
  ];
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await confirm.mutateAsync({ id: line.id, version: line.version, invoiceIds: chosen });
    notifySaved("Paiement enregistré sur la facture.");
    onClose();
  };
  return (
    <FormContent
      onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
      onCancel={onClose}
      banner={confirm.error ? errorMessage(confirm.error) : null}
      submitLabel="Rapprocher"
      submitDisabled={chosen.length === 0}
      loading={confirm.isPending}
    >
      <Stack gap={4}>
        <Text size="sm">
          {formatDate(line.bookingDate)} — {formatCurrency(line.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {line.label}
        </Text>
      </Stack>
      <MultiSelect
        label="Factures payées par ce virement"
        description="Dans l'ordre : chacune reçoit au plus ce qui lui reste à payer."
        placeholder="Numéro, établissement…"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={data}
        value={chosen}
        onChange={(ids) => {
          setLabels((l) => ({ ...l, ...Object.fromEntries(data.map((d) => [d.value, d.label])) }));
          setChosen(ids);
        }}
        nothingFoundMessage="Aucune facture ouverte ne correspond."
      />
      {options.error ? <Alert color="red">{errorMessage(options.error)}</Alert> : null}
    </FormContent>
  );
}

/** Matching a line by hand: the accountant picks the open invoice(s) the transfer pays. */
export function ManualMatchModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  return (
    <FormModal opened={!!line} onClose={onClose} title="Rapprocher à la main" size="lg">
      {line ? <ManualMatchForm line={line} onClose={onClose} /> : null}
    </FormModal>
  );
}
