import {
  formatDate,
  type MissionDetail,
  PREPARATION_DOCUMENT_CODES,
  PREPARATION_DOCUMENT_LABELS,
  type PreparationDocumentCode,
} from "@certidesk/shared";
import { Anchor, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { MissionFileUpload } from "../MissionFileUpload";

/** The preparation plan, the detailed plan and the list of accompagnés traceurs, as documents of the mission. */
export function PreparationDocumentsSection({ mission }: { mission: MissionDetail }) {
  const [metaCode, setMetaCode] = useState<PreparationDocumentCode>("PREPARATION_PLAN");
  const docs = mission.preparationDocuments;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Documents de préparation
      </Title>
      {docs.length === 0 ? (
        <Text c="dimmed">Aucun document de préparation déposé.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label="Documents de préparation">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Document</Table.Th>
                <Table.Th>Déposé le</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{PREPARATION_DOCUMENT_LABELS[d.metaCode]}</Table.Td>
                  <Table.Td>
                    <Anchor href={d.url} target="_blank" rel="noopener">
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(d.updatedAt.slice(0, 10))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mission.abilities.uploadPreparation && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Select
              label="Type de document"
              allowDeselect={false}
              data={PREPARATION_DOCUMENT_CODES.map((c) => ({ value: c, label: PREPARATION_DOCUMENT_LABELS[c] }))}
              value={metaCode}
              onChange={(v) => v && setMetaCode(v as PreparationDocumentCode)}
            />
            <MissionFileUpload
              mission={mission}
              target={{ kind: "preparation", metaCode }}
              label="Fichier"
              buttonLabel="Déposer"
              saved={`${PREPARATION_DOCUMENT_LABELS[metaCode]} déposé.`}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
