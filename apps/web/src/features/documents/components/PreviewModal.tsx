import type { DocumentRow } from "@certidesk/shared";
import { Anchor, Box, Button, Center, Group, Image, Modal, Stack, Text } from "@mantine/core";
import { IconDownload, IconExternalLink } from "@tabler/icons-react";
import { openDocument } from "../../../components";
import { previewKind } from "../document-files";

const FRAME_HEIGHT = "72vh";

/** The signed view link itself: the app's CSP allows same-origin frames, and Chromium's viewer shows it. */
function PdfFrame({ document }: { document: DocumentRow }) {
  return (
    <iframe
      src={document.url}
      title={`Aperçu de ${document.name}`}
      style={{ width: "100%", height: FRAME_HEIGHT, border: 0, display: "block" }}
    />
  );
}

/** In-browser preview of PDFs and images; other files are offered for download. */
export function PreviewModal({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  const kind = document ? previewKind(document.mimeType) : null;
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={document?.name ?? "Aperçu"}
      size="80rem"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      {document && (
        <Stack>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {document.fileName} · version {document.currentVersion}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconExternalLink size={14} />}
                onClick={() => openDocument({ id: document.id, name: document.name, url: document.url }, (d) => d.url)}
              >
                Ouvrir dans un nouvel onglet
              </Button>
              <Button
                component="a"
                href={document.downloadUrl}
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} />}
              >
                Télécharger
              </Button>
            </Group>
          </Group>
          <Box bg="gray.1" style={{ borderRadius: 4, overflow: "hidden" }}>
            {kind === "pdf" && <PdfFrame document={document} />}
            {kind === "image" && (
              <Center p="md" mih={200}>
                <Image src={document.url} alt={document.name} mah={FRAME_HEIGHT} w="auto" fit="contain" />
              </Center>
            )}
            {kind === null && (
              <Center p="xl">
                <Text size="sm">
                  Aperçu indisponible pour ce type de fichier.{" "}
                  <Anchor href={document.downloadUrl}>Téléchargez-le</Anchor> pour l'ouvrir.
                </Text>
              </Center>
            )}
          </Box>
        </Stack>
      )}
    </Modal>
  );
}
