import { PROFILE_LABELS, type UserRow } from "@certidesk/shared";
import { ActionIcon, Badge, Group } from "@mantine/core";
import { IconKey, IconPencil, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { type DataTableColumn, Hint } from "../../../components";

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short" }) : "Jamais";

export interface UserRowHandlers {
  onEdit(user: UserRow): void;
  onPassword(user: UserRow): void;
  onToggleActive(user: UserRow): void;
}

function UserActions({ user, handlers }: { user: UserRow; handlers: UserRowHandlers }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Hint label="Modifier">
        <ActionIcon variant="subtle" aria-label={`Modifier ${user.identifier}`} onClick={() => handlers.onEdit(user)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Hint>
      <Hint label="Lien ou mot de passe provisoire">
        <ActionIcon
          variant="subtle"
          aria-label={`Mot de passe de ${user.identifier}`}
          onClick={() => handlers.onPassword(user)}
        >
          <IconKey size={16} />
        </ActionIcon>
      </Hint>
      <Hint label={user.active ? "Désactiver" : "Réactiver"}>
        <ActionIcon
          variant="subtle"
          color={user.active ? "red" : "green"}
          aria-label={`${user.active ? "Désactiver" : "Réactiver"} ${user.identifier}`}
          onClick={() => handlers.onToggleActive(user)}
        >
          {user.active ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
        </ActionIcon>
      </Hint>
    </Group>
  );
}

/** The users list's columns; sortable ones are sorted by the server. */
export function userColumns(handlers: UserRowHandlers | null): DataTableColumn<UserRow>[] {
  const columns: DataTableColumn<UserRow>[] = [
    { key: "lastName", title: "Nom", sortable: true, weight: "bold", render: (u) => `${u.lastName} ${u.firstName}` },
    { key: "identifier", priority: 2, title: "Identifiant", width: 170, sortable: true },
    { key: "email", priority: 2, title: "E-mail", width: 220, render: (u) => u.email ?? "—" },
    { key: "profileType", title: "Profil", width: 170, sortable: true, render: (u) => PROFILE_LABELS[u.profileType] },
    {
      key: "link",
      priority: 3,
      title: "Rattachement",
      width: 180,
      render: (u) => u.auditorName ?? u.clientName ?? "—",
    },
    {
      key: "lastLoginAt",
      priority: 3,
      title: "Dernière connexion",
      width: 150,
      sortable: true,
      render: (u) => dateTime(u.lastLoginAt),
    },
    {
      key: "active",
      title: "Statut",
      width: 190,
      render: (u) => (
        <Group gap={4}>
          <Badge color={u.active ? "green" : "gray"} variant="light">
            {u.active ? "Actif" : "Désactivé"}
          </Badge>
          {u.mustChangePassword && (
            <Hint label="Mot de passe provisoire : à remplacer à la prochaine connexion">
              <Badge color="orange" variant="light">
                Provisoire
              </Badge>
            </Hint>
          )}
        </Group>
      ),
    },
  ];
  if (!handlers) return columns;
  return [
    ...columns,
    { key: "actions", title: "", width: 120, render: (u) => <UserActions user={u} handlers={handlers} /> },
  ];
}
