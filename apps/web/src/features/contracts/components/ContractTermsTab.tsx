import {
  CONTRACT_TYPOLOGIES,
  type ContractDetail,
  type ContractTermsBody,
  computeQuoteTotals,
  contractTermsBodySchema,
  contractTypologyLabel,
  formatCurrency,
  formatDate,
  parseDecimal,
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
import { DateField, ErrorSummary, FocusKeeper, NumericInput } from "../../../components";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useGeneratePdf } from "../api/generate-contract-pdf";
import { useSaveTerms } from "../api/save-terms";

interface TermsForm extends Record<string, unknown> {
  typology: string;
  deadline: string;
  amountHT: string;
  vatRate: string;
  travelExpenseMode: string;
  travelExpenseAmount: string;
  depositPercent: string;
}
const typed = (n: number) => String(n).replace(".", ",");

const toForm = (contract: ContractDetail): TermsForm => ({
  typology: contract.typology,
  deadline: contract.deadline ?? "",
  amountHT: typed(contract.amountHT),
  vatRate: String(contract.vatRate),
  travelExpenseMode: String(contract.travelExpenseMode),
  travelExpenseAmount: contract.travelExpenseAmount ? typed(contract.travelExpenseAmount) : "",
  depositPercent: typed(contract.depositPercent),
});

function toBody(values: TermsForm, version: number): ContractTermsBody {
  const mode = Number(values.travelExpenseMode);
  return {
    typology: values.typology as ContractTermsBody["typology"],
    deadline: values.deadline || null,
    amountHT: parseDecimal(values.amountHT) as number,
    vatRate: Number(values.vatRate) as ContractTermsBody["vatRate"],
    travelExpenseMode: mode as ContractTermsBody["travelExpenseMode"],
    travelExpenseAmount: mode === 3 ? parseDecimal(values.travelExpenseAmount) : null,
    depositPercent: values.depositPercent.trim() === "" ? 0 : (parseDecimal(values.depositPercent) as number),
    version,
  };
}

/** Contrat: typology, deadline, amounts while the contract is prepared; its PDF. */
export function ContractTermsTab(props: { contract: ContractDetail; canEdit: boolean; onSend: () => void }) {
  // A new version of the contract starts the form again from what is stored.
  return (
    <FocusKeeper version={props.contract.version}>
      <ContractTermsForm key={`${props.contract.id}:${props.contract.version}`} {...props} />
    </FocusKeeper>
  );
}

function ContractTermsForm({
  contract,
  canEdit,
  onSend,
}: {
  contract: ContractDetail;
  canEdit: boolean;
  onSend: () => void;
}) {
  const { companyName } = useBranding();
  const save = useSaveTerms();
  const pdf = useGeneratePdf();
  const { form, submit, banner, summary } = useZodForm<TermsForm, ContractTermsBody>({
    initialValues: toForm(contract),
    schema: contractTermsBodySchema,
    toBody: (values) => toBody(values, contract.version),
  });
  const values = form.getValues();
  const editable = contract.abilities.terms;
  const travelMode = Number(values.travelExpenseMode);
  const ht = Math.max(0, parseDecimal(values.amountHT) ?? 0);
  const totals = computeQuoteTotals([{ days: 1, quantity: 1, unitPrice: ht }], Number(values.vatRate), 2, null);
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: contract.id, body });
    notifySaved();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ErrorSummary {...summary} />
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Typologie du contrat"
            allowDeselect={false}
            disabled={!editable}
            data={CONTRACT_TYPOLOGIES.map((t) => ({ value: t, label: contractTypologyLabel(t, companyName) }))}
            {...form.getInputProps("typology")}
          />
          <DateField label="Date limite de retour signé" disabled={!editable} {...form.getInputProps("deadline")} />
          <TextInput
            label="Date de signature"
            disabled
            value={contract.signatureDate ? formatDate(contract.signatureDate) : "Non signé"}
          />
          <NumericInput
            label="Montant HT"
            rightSection="€"
            disabled={!editable}
            allowNegative
            maxLength={12}
            {...form.getInputProps("amountHT")}
          />
          <Select
            label="TVA"
            allowDeselect={false}
            disabled={!editable}
            data={VAT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
            {...form.getInputProps("vatRate")}
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
              {...form.getInputProps("travelExpenseMode")}
              data={TRAVEL_EXPENSE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            />
          </Stack>
          {travelMode === 3 && (
            <NumericInput
              label="Forfait HT"
              rightSection="€"
              disabled={!editable}
              allowNegative
              maxLength={10}
              {...form.getInputProps("travelExpenseAmount")}
            />
          )}
          <NumericInput
            label="Acompte à la signature"
            description="0 : pas de facture d'acompte"
            rightSection="%"
            disabled={!editable}
            maxLength={6}
            {...form.getInputProps("depositPercent")}
          />
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
