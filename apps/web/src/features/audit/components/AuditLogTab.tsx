import { AUDIT_ENTITY_LABELS, type AuditLogQuery } from "@certidesk/shared";
import { Group, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useAuditLog } from "../api/get-audit-log";

const PAGE_SIZE = 100;
const ACTION_LABELS: Record<string, string> = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  login: "Connexion",
  logout: "Déconnexion",
};
const dateTime = (iso: string) => new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "medium" });

/** Who changed what and when, filtered and paged by the server. */
export function AuditLogTab() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [entityType, setEntityType] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query: AuditLogQuery = {
    page,
    pageSize: PAGE_SIZE,
    search: debounced || undefined,
    entityType: entityType ?? undefined,
    action: action ?? undefined,
  };
  const { data } = useAuditLog(query);
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const reset =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };
  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label="Rechercher"
          placeholder="Auteur ou description"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => reset(setSearch)(e.currentTarget.value)}
        />
        <Select
          label="Élément"
          placeholder="Tous"
          clearable
          data={Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
          value={entityType}
          onChange={reset(setEntityType)}
        />
        <Select
          label="Action"
          placeholder="Toutes"
          clearable
          data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          value={action}
          onChange={reset(setAction)}
        />
      </Group>
      <Table striped verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Auteur</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Élément</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{dateTime(e.occurredAt)}</Table.Td>
              <Table.Td>{e.actorLabel}</Table.Td>
              <Table.Td>{ACTION_LABELS[e.action] ?? e.action}</Table.Td>
              <Table.Td>{AUDIT_ENTITY_LABELS[e.entityType] ?? e.entityType}</Table.Td>
              <Table.Td>{e.summary}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data?.total ?? 0} entrée(s)
        </Text>
        {(data?.total ?? 0) > PAGE_SIZE && <Pagination total={lastPage} value={page} onChange={setPage} />}
      </Group>
    </Stack>
  );
}
