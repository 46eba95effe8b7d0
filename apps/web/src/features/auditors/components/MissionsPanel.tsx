import {
  AUDITOR_ROLE_LABELS,
  type AuditorRole,
  CONTRACT_STATUS_DETAIL_LABELS,
  type ContractStatus,
  formatDate,
} from "@certidesk/shared";
import { Anchor, Badge, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useAuditorMissions } from "../api/get-auditor-missions";

/** The missions the evaluator is on (by contract), most recent visit first. */
export function MissionsPanel({ auditorId, linkToContracts }: { auditorId: string; linkToContracts: boolean }) {
  const { data = [], isLoading } = useAuditorMissions(auditorId);
  if (!isLoading && data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Cet évaluateur ne figure encore dans aucune mission.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contrat</Table.Th>
            <Table.Th>Établissement(s)</Table.Th>
            <Table.Th>Visite</Table.Th>
            <Table.Th>Rôle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((m) => (
            <Table.Tr key={m.contractId}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                {m.establishments.map((e) => `${e.raisonSocial}${e.city ? ` (${e.city})` : ""}`).join(", ")}
              </Table.Td>
              <Table.Td>
                {m.firstDay
                  ? `${formatDate(m.firstDay)}${m.lastDay && m.lastDay !== m.firstDay ? ` → ${formatDate(m.lastDay)}` : ""} · ${String(m.dayCount).replace(".", ",")} j`
                  : "À programmer"}
              </Table.Td>
              <Table.Td>{AUDITOR_ROLE_LABELS[m.role as AuditorRole] ?? m.role}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
