import {
  AUDITOR_ROLE_LABELS,
  type AuditorMission,
  type AuditorRole,
  CONTRACT_STATUS_DETAIL_LABELS,
  type ContractStatus,
  formatDate,
} from "@certidesk/shared";
import { Anchor, Badge, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components";
import { useAuditorMissions } from "../api/get-auditor-missions";

const visit = (m: AuditorMission) =>
  m.firstDay
    ? `${formatDate(m.firstDay)}${m.lastDay && m.lastDay !== m.firstDay ? ` → ${formatDate(m.lastDay)}` : ""} · ${String(m.dayCount).replace(".", ",")} j`
    : "À programmer";

function columns(linkToContracts: boolean): DataTableColumn<AuditorMission>[] {
  return [
    {
      key: "contractNumber",
      title: "Contrat",
      width: 190,
      render: (m) => (
        <>
          {linkToContracts ? (
            <Anchor component={Link} to={`/app/contract/${m.contractId}?onglet=programme`} size="sm">
              {m.contractNumber}
            </Anchor>
          ) : (
            m.contractNumber
          )}
          <Badge ml="xs" size="xs" variant="light">
            {CONTRACT_STATUS_DETAIL_LABELS[m.contractStatus as ContractStatus] ?? m.contractStatus}
          </Badge>
        </>
      ),
    },
    {
      key: "establishments",
      title: "Établissement(s)",
      render: (m) => m.establishments.map((e) => `${e.raisonSocial}${e.city ? ` (${e.city})` : ""}`).join(", "),
    },
    { key: "firstDay", title: "Visite", width: 230, render: visit },
    {
      key: "role",
      title: "Rôle",
      width: 140,
      priority: 1,
      render: (m) => AUDITOR_ROLE_LABELS[m.role as AuditorRole] ?? m.role,
    },
  ];
}

/** The missions the evaluator is on (by contract), most recent visit first. */
export function MissionsPanel({ auditorId, linkToContracts }: { auditorId: string; linkToContracts: boolean }) {
  const { data = [], isLoading } = useAuditorMissions(auditorId);
  const cols = useMemo(() => columns(linkToContracts), [linkToContracts]);
  if (!isLoading && data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Cet évaluateur ne figure encore dans aucune mission.
      </Text>
    );
  return (
    <DataTable
      aria-label="Missions de l'évaluateur"
      columns={cols}
      rows={data}
      getRowKey={(m) => m.contractId}
      loading={isLoading}
      manualSorting
      manualFiltering
      maxHeight="none"
    />
  );
}
