import type { DocumentRow } from "@certidesk/shared";
import { Alert, Anchor, Badge, Group, Modal, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/date-time";
import { formatFileSize } from "../../../lib/file-size";
import { useDocumentVersions } from "../api/get-document-versions";

/** Every file a document has had, newest first, each downloadable. */
export function VersionsModal({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  const { data = [], isLoading, isError, error } = useDocumentVersions(document?.id ?? null);
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={`Versions de « ${document?.name ?? ""} »`}
      size="xl"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <div style={{ position: "relative", minHeight: 80 }}>
        <LoadingOverlay visible={isLoading} />
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label="Versions du document">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Fichier</Table.Th>
                <Table.Th>Taille</Table.Th>
                <Table.Th>Déposée par</Table.Th>
                <Table.Th>Le</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Téléchargement</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">v{v.versionNumber}</Text>
                      {v.versionNumber === document?.currentVersion && (
                        <Badge size="xs" variant="light" color="green">
                          Actuelle
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: "break-all" }}>{v.fileName}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatFileSize(v.size)}</Table.Td>
                  <Table.Td>{v.createdByName ?? "—"}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(v.createdAt)}</Table.Td>
                  <Table.Td>
                    <Anchor href={v.downloadUrl} size="sm" aria-label={`Télécharger la version ${v.versionNumber}`}>
                      <Group gap={4} wrap="nowrap">
                        <IconDownload size={16} aria-hidden />
                        Télécharger
                      </Group>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
    </Modal>
  );
}
