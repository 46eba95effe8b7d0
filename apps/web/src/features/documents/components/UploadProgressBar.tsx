import { Group, Progress, Stack, Text } from "@mantine/core";
import { formatFileSize } from "../../../lib/file-size";
import type { UploadProgress } from "../../../lib/upload";

/** Shown while a file travels to the server; large files take a while on slow links. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const percent = progress?.percent ?? 0;
  const done = percent >= 100;
  return (
    <Stack gap={4}>
      <Progress value={percent} animated={!done} striped={!done} aria-label="Progression de l'envoi" />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {done ? "Fichier reçu, vérification par le serveur…" : `Envoi en cours : ${percent} %`}
        </Text>
        {progress && (
          <Text size="xs" c="dimmed">
            {formatFileSize(progress.loaded)} sur {formatFileSize(progress.total)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
