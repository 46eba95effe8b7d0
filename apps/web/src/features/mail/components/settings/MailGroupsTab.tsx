import type { MailGroup } from "@certidesk/shared";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmPopup, LoadingOverlay } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useCan } from "../../../../lib/can";
import { notifyError, notifySaved } from "../../../../lib/notify";
import { useMailGroups } from "../../api/get-mail-groups";
import { useDeleteMailGroup } from "../../api/save-mail-group";
import { MailGroupFormModal } from "./MailGroupFormModal";

const SHOWN_EMAILS = 4;

/** Settings › E-mails groupés: recipient lists the composer can add in one click. */
export function MailGroupsTab() {
  const { can } = useCan();
  const canEdit = can("SETTING", "update");
  const { data = [], isLoading, isError, error } = useMailGroups();
  const remove = useDeleteMailGroup();
  const [editing, setEditing] = useState<MailGroup | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<MailGroup | null>(null);

  async function confirmDelete() {
    const group = deleting;
    setDeleting(null);
    if (!group) return;
    await remove.mutateAsync(group.id).then(() => notifySaved(`Liste « ${group.name} » supprimée.`), notifyError);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Listes de destinataires à ajouter d'un clic lors de l'écriture d'un e-mail.
        </Text>
        {canEdit && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Nouvelle liste
          </Button>
        )}
      </Group>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={isLoading} />
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label="Listes d'e-mails groupés">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={240}>Nom</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Adresses</Table.Th>
                {canEdit && (
                  <Table.Th w={100}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td fw={600}>{group.name}</Table.Td>
                  <Table.Td>{group.description ?? "—"}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {group.emails.slice(0, SHOWN_EMAILS).map((email) => (
                        <Badge key={email} variant="light" tt="none">
                          {email}
                        </Badge>
                      ))}
                      {group.emails.length > SHOWN_EMAILS && (
                        <Tooltip label={group.emails.slice(SHOWN_EMAILS).join(", ")} multiline w={320}>
                          <Badge variant="outline" tt="none">
                            +{group.emails.length - SHOWN_EMAILS}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label="Modifier">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Modifier ${group.name}`}
                            onClick={() => {
                              setEditing(group);
                              setFormOpen(true);
                            }}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Supprimer">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Supprimer ${group.name}`}
                            onClick={() => setDeleting(group)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!isLoading && data.length === 0 && (
          <Text c="dimmed" ta="center" size="sm" mt="sm">
            Aucune liste pour l'instant.
          </Text>
        )}
      </Box>
      <MailGroupFormModal group={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmPopup
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la liste"
        text={`Supprimer la liste « ${deleting?.name ?? ""} » ? Les e-mails déjà envoyés ne changent pas.`}
        firstButton={{ label: "Supprimer", code: "DELETE", color: "red" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => (code === "DELETE" ? void confirmDelete() : setDeleting(null))}
      />
    </Stack>
  );
}
