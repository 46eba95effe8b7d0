import {
  CONTRACT_TYPOLOGIES,
  type ContractDetail,
  computeQuoteTotals,
  contractTypologyLabel,
  formatCurrency,
  formatDate,
  TRAVEL_EXPENSE_OPTIONS,
  VAT_RATES,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useGeneratePdf } from "../api/generate-contract-pdf";
import { useSaveTerms } from "../api/save-terms";

/** Contrat: typology, deadline, amounts while the contract is prepared; its PDF. */
export function ContractTermsTab({
  contract,
  canEdit,
  onSend,
}: {
  contract: ContractDetail;
  canEdit: boolean;
  onSend: () => void;
}) {
  const { companyName } = useBranding();
  const [typology, setTypology] = useState<string>(contract.typology);
  const [deadline, setDeadline] = useState("");
  const [amountHT, setAmountHT] = useState("");
  const [vatRate, setVatRate] = useState(0.2);
  const [travelMode, setTravelMode] = useState(1);
  const [travelAmount, setTravelAmount] = useState("");
  const save = useSaveTerms();
  const pdf = useGeneratePdf();
  useEffect(() => {
    setTypology(contract.typology);
    setDeadline(contract.deadline ?? "");
    setAmountHT(String(contract.amountHT));
    setVatRate(contract.vatRate);
    setTravelMode(contract.travelExpenseMode);
    setTravelAmount(contract.travelExpenseAmount ? String(contract.travelExpenseAmount) : "");
  }, [contract]);
  const editable = canEdit && contract.status === "DRAFT";
  const ht = Number(amountHT.replace(",", ".")) || 0;
  const totals = computeQuoteTotals([{ days: 1, quantity: 1, unitPrice: ht }], vatRate, 2, null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      typology: typology as "APPEL_OFFRE",
      deadline: deadline || null,
      amountHT: ht,
      vatRate: vatRate as 0.2,
      travelExpenseMode: travelMode as 1,
      travelExpenseAmount: travelMode === 3 ? Number(travelAmount.replace(",", ".")) || null : null,
      version: contract.version,
    };
    await save.mutateAsync({ id: contract.id, body }).then(
      () => notifySaved(),
      () => undefined,
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        {save.isError && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Typologie du contrat"
            allowDeselect={false}
            disabled={!editable}
            data={CONTRACT_TYPOLOGIES.map((t) => ({ value: t, label: contractTypologyLabel(t, companyName) }))}
            value={typology}
            onChange={(v) => v && setTypology(v)}
          />
          <TextInput
            label="Date limite de retour signé"
            type="date"
            disabled={!editable}
            value={deadline}
            onChange={(e) => setDeadline(e.currentTarget.value)}
          />
          <TextInput
            label="Date de signature"
            disabled
            value={contract.signatureDate ? formatDate(contract.signatureDate) : "Non signé"}
          />
          <NumericInput
            label="Montant HT"
            rightSection="€"
            disabled={!editable}
            value={amountHT}
            onChange={setAmountHT}
            maxLength={10}
          />
          <Select
            label="TVA"
            allowDeselect={false}
            disabled={!editable}
            data={VAT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
            value={String(vatRate)}
            onChange={(v) => v && setVatRate(Number(v))}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Montant TTC
            </Text>
            <Text fw={700}>{formatCurrency(totals.totalTTC)}</Text>
            <Text size="xs" c="dimmed">
              dont TVA {formatCurrency(totals.totalVAT)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Frais de déplacement
            </Text>
            <SegmentedControl
              disabled={!editable}
              aria-label="Frais de déplacement"
              value={String(travelMode)}
              onChange={(v) => setTravelMode(Number(v))}
              data={TRAVEL_EXPENSE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            />
          </Stack>
          {travelMode === 3 && (
            <NumericInput
              label="Forfait HT"
              rightSection="€"
              disabled={!editable}
              value={travelAmount}
              onChange={setTravelAmount}
              maxLength={8}
            />
          )}
        </Group>
        <Group justify="space-between">
          {contract.document ? (
            <Anchor href={contract.document.url} target="_blank" rel="noopener" size="sm">
              Ouvrir le contrat ({contract.document.name})
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              Le PDF n'a pas encore été généré.
            </Text>
          )}
          {canEdit && (
            <Group>
              <Button
                variant="light"
                onClick={() =>
                  pdf
                    .mutateAsync({ id: contract.id, version: contract.version })
                    .then(() => notifySaved("Le PDF du contrat a été généré."), notifyError)
                }
                loading={pdf.isPending}
              >
                Générer le PDF
              </Button>
              {(contract.status === "DRAFT" || contract.status === "SENT") && (
                <Button variant="light" onClick={onSend}>
                  {contract.status === "SENT" ? "Renvoyer pour signature" : "Envoyer pour signature"}
                </Button>
              )}
              {editable && (
                <Button type="submit" loading={save.isPending}>
                  Enregistrer
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}
