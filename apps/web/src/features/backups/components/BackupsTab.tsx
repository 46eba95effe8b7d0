import type { BackupOverview } from "@certidesk/shared";
import { Alert, Button, Code, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { formatDateTime } from "../../../lib/date-time";
import { formatFileSize } from "../../../lib/file-size";
import { backupDownloadUrl, useBackups } from "../api/get-backups";
import { BackupScheduleForm } from "./BackupScheduleForm";

/** Settings › Sauvegardes (Direction): the daily backup of the embedded base and the archives it kept. */
export function BackupsTab() {
  const { can } = useCan();
  const { data, isLoading, isError, error } = useBackups();
  if (isLoading) return <Spinner />;
  if (isError || !data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Sauvegarde quotidienne
          </Title>
          {data.scheduled ? (
            <>
              <Text size="sm" c="dimmed">
                Chaque jour, à partir de cette heure (heure de Paris), la base et les fichiers des documents sont copiés
                dans une archive du dossier <Code>DATA_DIR/backups</Code> du serveur ; les plus récentes sont gardées.
                Une alerte prévient si la dernière réussie a plus de deux jours ou si le disque se remplit.
              </Text>
              <BackupScheduleForm
                key={data.version}
                hour={data.hour}
                keep={data.keep}
                version={data.version}
                editable={can("SETTING", "update")}
              />
            </>
          ) : data.engine === "postgresql" ? (
            <Text size="sm">
              La base est sur PostgreSQL : sauvegardez-la avec ses outils (<Code>pg_dump</Code>, sauvegarde continue),
              comme l'explique le README. La commande <Code>npm run backup</Code> fonctionne aussi.
            </Text>
          ) : (
            <Text size="sm">
              La sauvegarde quotidienne est désactivée sur ce serveur (<Code>DAILY_BACKUP=0</Code>) : rien n'est copié
              automatiquement. Réactivez-la en retirant ce réglage, ou sauvegardez la base avec{" "}
              <Code>npm run backup</Code>.
            </Text>
          )}
          <LastRun run={data.lastRun} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Sauvegardes gardées
          </Title>
          <BackupList backups={data.backups} />
          <Text size="sm" c="dimmed">
            Pour restaurer : arrêtez l'application, puis <Code>npm run restore -- fichier.tar.gz</Code> sur le serveur.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

function LastRun({ run }: { run: BackupOverview["lastRun"] }) {
  if (!run) return null;
  const free = run.freeBytes === null ? "" : ` Espace libre : ${formatFileSize(run.freeBytes)}.`;
  if (run.ok)
    return (
      <Text size="sm">
        Dernière sauvegarde réussie le {formatDateTime(run.startedAt)}.{free}
      </Text>
    );
  return (
    <Alert color="red" role="alert" title="La dernière sauvegarde a échoué">
      Le {formatDateTime(run.startedAt)} : {run.error}
      {free}
    </Alert>
  );
}

function BackupList({ backups }: { backups: BackupOverview["backups"] }) {
  if (backups.length === 0) return <Text c="dimmed">Aucune sauvegarde pour l'instant.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Prise le</Table.Th>
            <Table.Th>Taille</Table.Th>
            <Table.Th>Téléchargement</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((b) => (
            <Table.Tr key={b.name}>
              <Table.Td>{formatDateTime(b.takenAt)}</Table.Td>
              <Table.Td>{formatFileSize(b.size)}</Table.Td>
              <Table.Td>
                <Button
                  component="a"
                  href={backupDownloadUrl(b.name)}
                  download
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} />}
                  aria-label={`Télécharger la sauvegarde du ${formatDateTime(b.takenAt)}`}
                >
                  Télécharger
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
