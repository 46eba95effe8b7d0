import { AUDIT_ENTITY_LABELS, type AuditEntryRow } from "@certidesk/shared";
import { Code, Drawer, Stack, Table, Text } from "@mantine/core";

function ChangesTable({ changes }: { changes: Record<string, unknown> }) {
  const rows = Object.entries(changes);
  if (rows.length === 0) return <Text c="dimmed">Aucun détail enregistré.</Text>;
  const show = (v: unknown) =>
    v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Champ</Table.Th>
          <Table.Th>Avant</Table.Th>
          <Table.Th>Après</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([field, value]) => {
          const pair =
            value && typeof value === "object" && "to" in value ? (value as { from: unknown; to: unknown }) : null;
          return (
            <Table.Tr key={field}>
              <Table.Td>{field}</Table.Td>
              <Table.Td>{pair ? show(pair.from) : "—"}</Table.Td>
              <Table.Td>{pair ? show(pair.to) : show(value)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The detail of one journal entry: who, when, what, and the values before and after. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntryRow | null; onClose: () => void }) {
  return (
    <Drawer opened={!!entry} onClose={onClose} position="right" size="lg" title="Détail de la modification">
      {entry && (
        <Stack>
          <Text>
            <b>{entry.actorLabel}</b> —{" "}
            {new Date(entry.occurredAt).toLocaleString("fr-FR", { dateStyle: "full", timeStyle: "medium" })}
          </Text>
          <Text>{entry.summary}</Text>
          <Text size="sm" c="dimmed">
            {AUDIT_ENTITY_LABELS[entry.entityType] ?? entry.entityType} · identifiant <Code>{entry.entityId}</Code>
          </Text>
          {entry.changes && typeof entry.changes === "object" ? (
            <ChangesTable changes={entry.changes as Record<string, unknown>} />
          ) : (
            <Text c="dimmed">Aucun détail enregistré.</Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
