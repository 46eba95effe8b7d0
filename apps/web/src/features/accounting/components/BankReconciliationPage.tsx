import {
  BANK_LINE_STATUS_LABELS,
  BANK_LINE_STATUSES,
  type BankImportResult,
  type BankLine,
  type BankLineStatus,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconFileDownload, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifyError, notifySaved } from "../../../lib/notify";
import {
  sampleStatementUrl,
  useBankLines,
  useConfirmLine,
  useConfirmLines,
  useDecideLine,
  useImportStatement,
} from "../api/bank-lines";
import { BankLineRow } from "./BankLineRow";
import { FecModal } from "./FecModal";
import { ManualMatchModal } from "./ManualMatchModal";

const PAGE_SIZE = 50;
const TAB_PARAM = { TO_MATCH: "a-rapprocher", MATCHED: "rapprochees", IGNORED: "ignorees" } as const;

const importSummary = (r: BankImportResult) =>
  [
    `${r.added} ligne(s) ajoutée(s) à rapprocher`,
    r.alreadyImported ? `${r.alreadyImported} déjà importée(s) : non reprise(s)` : null,
    r.debits ? `${r.debits} débit(s) non repris` : null,
  ]
    .filter(Boolean)
    .join(", ");

/** Factures › Rapprochement bancaire (route /app/facture/rapprochement): import, proposals, confirmation; the FEC. */
export function BankReconciliationPage() {
  useBranding("Rapprochement bancaire");
  const { can } = useCan();
  const canWrite = can("INVOICE", "update");
  const [params, setParams] = useSearchParams();
  const status = BANK_LINE_STATUSES.find((s) => TAB_PARAM[s] === params.get("onglet")) ?? "TO_MATCH";
  const page = Number(params.get("page") ?? 1) || 1;
  const { data, error, isFetching } = useBankLines({ status, page, pageSize: PAGE_SIZE });
  const importer = useImportStatement();
  const confirm = useConfirmLine();
  const confirmMany = useConfirmLines();
  const decide = useDecideLine();
  const [imported, setImported] = useState<BankImportResult | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [choosing, setChoosing] = useState<BankLine | null>(null);
  const [fecOpen, setFecOpen] = useState(false);
  const lines = data?.items ?? [];
  const proposed = lines.filter((l) => l.status === "TO_MATCH" && l.proposal.length > 0);
  const chosen = proposed.filter((l) => selected.includes(l.id));

  const onFile = async (file: File | null) => {
    if (!file) return;
    setImported(null);
    try {
      setImported(await importer.mutateAsync(file));
    } catch {
      // Shown in the alert below from importer.error.
    }
  };
  const run = (action: Promise<unknown>, message: string) =>
    action.then(() => notifySaved(message)).catch((e: unknown) => notifyError(e));

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Anchor component={Link} to="/app/facture" size="sm">
            ← Factures
          </Anchor>
          <Title order={1} size="h2">
            Rapprochement bancaire
          </Title>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileDownload size={16} />} onClick={() => setFecOpen(true)}>
            Télécharger le FEC
          </Button>
          {canWrite ? (
            <FileButton onChange={(f) => void onFile(f)} accept=".xml,.csv,.txt,text/xml,application/xml,text/csv">
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={importer.isPending}>
                  Importer un relevé
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Relevé camt.053 (XML) ou CSV de la banque (date, libellé, montant). Chaque virement reçu est proposé pour la
        facture dont il cite le numéro, sinon pour celle du même montant ; un relevé importé deux fois n'ajoute rien.
        {data?.sampleAvailable ? (
          <>
            {" "}
            Démonstration : <Anchor href={sampleStatementUrl("camt053")}>relevé d'exemple camt.053</Anchor> ou{" "}
            <Anchor href={sampleStatementUrl("csv")}>CSV</Anchor>.
          </>
        ) : null}
      </Text>
      {imported ? (
        <Alert color="teal" withCloseButton onClose={() => setImported(null)} title="Relevé importé">
          {importSummary(imported)}.
        </Alert>
      ) : null}
      {importer.error ? (
        <Alert color="red" role="alert" title="Relevé refusé">
          {errorMessage(importer.error)}
        </Alert>
      ) : null}
      <Tabs
        value={status}
        onChange={(v) => {
          setSelected([]);
          setParams({ onglet: TAB_PARAM[(v as BankLineStatus) ?? "TO_MATCH"] });
        }}
        aria-label="État des lignes"
      >
        <Tabs.List>
          {BANK_LINE_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {BANK_LINE_STATUS_LABELS[s]} ({data?.counts[s] ?? 0})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {status === "TO_MATCH" && canWrite && proposed.length > 0 ? (
        <Group gap="xs">
          <Button
            variant="light"
            onClick={() => setSelected(chosen.length === proposed.length ? [] : proposed.map((l) => l.id))}
          >
            {chosen.length === proposed.length ? "Tout désélectionner" : "Sélectionner les propositions"}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={confirmMany.isPending}
            onClick={() =>
              void run(
                confirmMany.mutateAsync({ lines: chosen.map((l) => ({ id: l.id, version: l.version })) }),
                `${chosen.length} ligne(s) rapprochée(s).`,
              ).then(() => setSelected([]))
            }
          >
            Confirmer la sélection ({chosen.length})
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <ScrollArea type="auto">
        <Table striped miw={860} aria-label="Lignes du relevé" aria-busy={isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <VisuallyHidden>Choix</VisuallyHidden>
              </Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Libellé</Table.Th>
              <Table.Th ta="right">Montant</Table.Th>
              <Table.Th>{status === "MATCHED" ? "Paiements enregistrés" : "Proposition"}</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <BankLineRow
                key={line.id}
                line={line}
                actions={{
                  canWrite,
                  selected: selected.includes(line.id),
                  onSelect: (on) => setSelected((s) => (on ? [...s, line.id] : s.filter((id) => id !== line.id))),
                  busy: confirm.isPending && confirm.variables?.id === line.id,
                  onConfirm: () =>
                    void run(
                      confirm.mutateAsync({ id: line.id, version: line.version }),
                      "Paiement enregistré sur la facture.",
                    ),
                  onChoose: () => setChoosing(line),
                  onIgnore: () =>
                    void run(
                      decide.mutateAsync({ id: line.id, version: line.version, action: "ignore" }),
                      "Ligne ignorée.",
                    ),
                  onRestore: () =>
                    void run(
                      decide.mutateAsync({ id: line.id, version: line.version, action: "restore" }),
                      "Ligne remise à rapprocher.",
                    ),
                }}
              />
            ))}
            {lines.length === 0 && !isFetching ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {status === "TO_MATCH" ? "Aucune ligne à rapprocher : importez un relevé." : "Aucune ligne."}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {(data?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil((data?.total ?? 0) / PAGE_SIZE)}
          value={page}
          onChange={(p) => setParams({ onglet: TAB_PARAM[status], page: String(p) })}
          aria-label="Pages"
        />
      ) : null}
      <ManualMatchModal line={choosing} onClose={() => setChoosing(null)} />
      <FecModal opened={fecOpen} onClose={() => setFecOpen(false)} />
    </Stack>
  );
}
