import type { MailGroup } from "@certidesk/shared";
import { ActionIcon, Alert, Badge, Box, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmPopup, DataTable, type DataTableColumn, LoadingOverlay } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useCan } from "../../../../lib/can";
import { notifyError, notifySaved } from "../../../../lib/notify";
import { useMailGroups } from "../../api/get-mail-groups";
import { useDeleteMailGroup } from "../../api/save-mail-group";
import { MailGroupFormModal } from "./MailGroupFormModal";

const SHOWN_EMAILS = 4;

const GROUP_COLUMNS: DataTableColumn<MailGroup>[] = [
  { key: "name", title: "Nom", width: 240, weight: "bold" },
  { key: "description", title: "Description", priority: 2, render: (g) => g.description ?? "—" },
  {
    key: "emails",
    title: "Adresses",
    width: 300,
    priority: 1,
    render: (group) => (
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
    ),
  },
];

function groupActions(on: {
  onEdit: (group: MailGroup) => void;
  onDelete: (group: MailGroup) => void;
}): DataTableColumn<MailGroup> {
  return {
    key: "actions",
    title: "",
    width: 100,
    render: (group) => (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Modifier">
          <ActionIcon variant="subtle" aria-label={`Modifier ${group.name}`} onClick={() => on.onEdit(group)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Supprimer">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Supprimer ${group.name}`}
            onClick={() => on.onDelete(group)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
}

/** Settings › E-mails groupés: recipient lists the composer can add in one click. */
export function MailGroupsTab() {
  const { can } = useCan();
  const canEdit = can("SETTING", "update");
  const { data = [], isLoading, isError, error } = useMailGroups();
  const remove = useDeleteMailGroup();
  const [editing, setEditing] = useState<MailGroup | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<MailGroup | null>(null);

  const columns = useMemo(
    () =>
      canEdit
        ? [
            ...GROUP_COLUMNS,
            groupActions({
              onEdit: (group) => {
                setEditing(group);
                setFormOpen(true);
              },
              onDelete: setDeleting,
            }),
          ]
        : GROUP_COLUMNS,
    [canEdit],
  );

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
        <DataTable
          aria-label="Listes d'e-mails groupés"
          columns={columns}
          rows={data}
          getRowKey={(g) => g.id}
          emptyText="Aucune liste pour l'instant."
          manualSorting
          manualFiltering
          maxHeight="none"
        />
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
