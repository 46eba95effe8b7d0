import {
  AUDITOR_STATUS_LABELS,
  type AuditorPayment,
  type AuditorPaymentSort,
  type AuditorStatus,
  formatCurrency,
  formatDays,
} from "@certidesk/shared";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconFileText } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { type DataTableColumn, DateField, PaginatedDataTable } from "../../../components";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { auditorPaymentsExportUrl, useAuditorPayments } from "../api/get-auditor-payments";

const PAGE_SIZE = 50;
const money = (cents: number) => formatCurrency(cents / 100);
const SORTS: Array<{ value: AuditorPaymentSort; label: string }> = [
  { value: "name", label: "Nom de l'évaluateur" },
  { value: "due", label: "Reste à payer (le plus élevé d'abord)" },
];

const EXPORTS = [
  { format: "xlsx", Icon: IconFileSpreadsheet },
  { format: "csv", Icon: IconFileText },
] as const;

/** The previous month, the usual period to pay: "2026-04-01" → "2026-04-30" on any day of May. */
function previousMonth(today = new Date()) {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return { from: iso(first), to: iso(last) };
}

const amount = (
  key: keyof AuditorPayment,
  title: string,
  priority?: DataTableColumn<AuditorPayment>["priority"],
  bold = false,
): DataTableColumn<AuditorPayment> => ({
  key,
  title,
  priority,
  width: 130,
  align: "right",
  render: (r) => (
    <Text size="sm" fw={bold ? 700 : undefined}>
      {money(r[key] as number)}
    </Text>
  ),
});

const COLUMNS: DataTableColumn<AuditorPayment>[] = [
  {
    key: "auditorName",
    title: "Évaluateur",
    width: 220,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} component="div">
          {r.auditorName}
        </Text>
        <Text size="xs" c="dimmed">
          {AUDITOR_STATUS_LABELS[r.status as AuditorStatus] ?? r.status}
          {r.siret ? ` · SIRET ${r.siret}` : ""}
        </Text>
      </Stack>
    ),
  },
  // Second, so that a phone shows it beside the name without scrolling the table.
  amount("dueCents", "Reste à payer", undefined, true),
  // A salaried evaluator has no fee: their missions are not counted here.
  {
    key: "missions",
    priority: 2,
    title: "Missions",
    width: 90,
    align: "right",
    render: (r) => (r.missions ? r.missions : "—"),
  },
  {
    key: "days",
    priority: 2,
    title: "Jours",
    width: 80,
    align: "right",
    render: (r) => (r.missions ? formatDays(r.days) : "—"),
  },
  amount("feesCents", "Honoraires", 3),
  amount("expensesCents", "Frais validés", 3),
  amount("totalCents", "Total", 1),
  amount("paidCents", "Déjà payé", 2),
];

/**
 * Route /app/frais: what is to be paid to the evaluators for a period (the previous month by
 * default): fees of the missions done in it and validated expenses, by evaluator, with what is
 * already paid; the period's file for the accounting (XLSX with the detail by mission, or CSV).
 */
export function AuditorPaymentsPage() {
  useBranding("Frais et honoraires");
  const navigate = useNavigate();
  const list = useListParams({ defaultSort: null });
  const params = new URLSearchParams(useLocation().search);
  const fallback = previousMonth();
  const from = params.get("du") ?? fallback.from;
  const to = params.get("au") ?? fallback.to;
  const sort: AuditorPaymentSort = params.get("ordre") === "due" ? "due" : "name";
  const periodError = from && to && from > to ? "La période se termine avant de commencer." : null;
  const complete = !!from && !!to && !periodError;
  const { data, isFetching } = useAuditorPayments({ from, to, sort, page: list.page, pageSize: PAGE_SIZE }, complete);
  const totals = data?.totals;

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Frais et honoraires
          </Title>
          <Text size="sm" c="dimmed">
            À payer aux évaluateurs : honoraires des missions terminées dans la période et frais validés.
          </Text>
        </Stack>
        <Group gap="xs">
          {EXPORTS.map(({ format, Icon }) => (
            <Button
              key={format}
              component="a"
              href={complete ? auditorPaymentsExportUrl(from, to, format) : undefined}
              download
              disabled={!complete}
              variant="default"
              leftSection={<Icon size={16} />}
            >
              Exporter ({format.toUpperCase()})
            </Button>
          ))}
        </Group>
      </Group>
      <Group align="flex-start" gap="sm">
        <DateField
          label="Du"
          w={{ base: "100%", xs: 160 }}
          value={from}
          clearable={false}
          onChange={(v) => list.update({ du: v || null, page: null })}
        />
        <DateField
          label="Au"
          w={{ base: "100%", xs: 160 }}
          value={to}
          clearable={false}
          error={periodError}
          onChange={(v) => list.update({ au: v || null, page: null })}
        />
        <Select
          label="Trier par"
          w={{ base: "100%", xs: 300 }}
          data={SORTS}
          value={sort}
          allowDeselect={false}
          onChange={(v) => list.update({ ordre: v === "due" ? "due" : null, page: null })}
        />
      </Group>
      {totals && (
        <Paper withBorder p="sm">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {[
              ["Honoraires", totals.feesCents],
              ["Frais validés", totals.expensesCents],
              ["Total", totals.totalCents],
              ["Déjà payé", totals.paidCents],
              ["Reste à payer", totals.dueCents],
            ].map(([label, cents]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700}>{money(cents as number)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <PaginatedDataTable
        aria-label="À payer aux évaluateurs"
        columns={COLUMNS}
        rows={data?.items ?? []}
        getRowKey={(r) => r.auditorId}
        loading={complete && isFetching && !data}
        emptyText="Rien à payer aux évaluateurs sur cette période."
        onRowClick={(r) => navigate(`/app/evaluateur/${r.auditorId}?onglet=missions`)}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={list.page}
        onPageChange={list.setPage}
        maxHeight="calc(100vh - 400px)"
        estimatedRowHeight={53}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} évaluateur(s). Les frais à valider ou refusés n'y figurent pas ; une mission compte dans la
        période de son dernier jour de visite. L'export XLSX détaille chaque mission.
      </Text>
    </Stack>
  );
}
