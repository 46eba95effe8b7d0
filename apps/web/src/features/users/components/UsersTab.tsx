import { PROFILE_LABELS, PROFILE_TYPES, type UserRow } from "@certidesk/shared";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconKey, IconPencil, IconPlayerPlay, IconPlayerStop, IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useCan } from "../../../lib/can";
import { notifyError, notifySaved } from "../../../lib/notify";
import { type UsersFilter, useUsers } from "../api/get-users";
import { useSetUserActive } from "../api/save-user";
import { UserFormModal } from "./UserFormModal";
import { UserPasswordModal } from "./UserPasswordModal";

const PAGE_SIZE = 25;
const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short" }) : "Jamais";

export function UsersTab() {
  const { can } = useCan();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [profileType, setProfileType] = useState<string | null>(null);
  const [status, setStatus] = useState<UsersFilter["status"]>("active");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<UserRow | null>(null);
  const setActive = useSetUserActive();
  const filter: UsersFilter = {
    page,
    pageSize: PAGE_SIZE,
    search: debounced || undefined,
    profileType: profileType ?? undefined,
    status,
  };
  const { data, isLoading } = useUsers(filter);
  const canUpdate = can("SETTING", "update");
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  const toggleActive = (user: UserRow) =>
    modals.openConfirmModal({
      title: user.active ? "Désactiver l'utilisateur" : "Réactiver l'utilisateur",
      children: (
        <Text size="sm">
          {user.active
            ? `${user.firstName} ${user.lastName} ne pourra plus se connecter et ses sessions seront fermées.`
            : `${user.firstName} ${user.lastName} pourra de nouveau se connecter.`}
        </Text>
      ),
      labels: { confirm: user.active ? "Désactiver" : "Réactiver", cancel: "Annuler" },
      confirmProps: { color: user.active ? "red" : "brand" },
      onConfirm: () =>
        setActive
          .mutateAsync({ id: user.id, active: !user.active, version: user.version })
          .then(() => notifySaved(), notifyError),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label="Rechercher"
            placeholder="Nom, identifiant, e-mail"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Profil"
            placeholder="Tous les profils"
            clearable
            data={PROFILE_TYPES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
            value={profileType}
            onChange={(v) => {
              setProfileType(v);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label="Statut"
            value={status}
            onChange={(v) => {
              setStatus(v as UsersFilter["status"]);
              setPage(1);
            }}
            data={[
              { value: "active", label: "Actifs" },
              { value: "inactive", label: "Désactivés" },
              { value: "all", label: "Tous" },
            ]}
          />
        </Group>
        {can("SETTING", "create") && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Nouvel utilisateur
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nom</Table.Th>
              <Table.Th>Identifiant</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Profil</Table.Th>
              <Table.Th>Rattachement</Table.Th>
              <Table.Th>Dernière connexion</Table.Th>
              <Table.Th>Statut</Table.Th>
              {canUpdate && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td fw={600}>
                  {user.lastName} {user.firstName}
                </Table.Td>
                <Table.Td>{user.identifier}</Table.Td>
                <Table.Td>{user.email ?? "—"}</Table.Td>
                <Table.Td>{PROFILE_LABELS[user.profileType]}</Table.Td>
                <Table.Td>{user.auditorName ?? user.clientName ?? "—"}</Table.Td>
                <Table.Td>{dateTime(user.lastLoginAt)}</Table.Td>
                <Table.Td>
                  <Badge color={user.active ? "green" : "gray"} variant="light">
                    {user.active ? "Actif" : "Désactivé"}
                  </Badge>
                </Table.Td>
                {canUpdate && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Modifier">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Modifier ${user.identifier}`}
                          onClick={() => {
                            setEditing(user);
                            setFormOpen(true);
                          }}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Définir le mot de passe">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Mot de passe de ${user.identifier}`}
                          onClick={() => setPasswordFor(user)}
                        >
                          <IconKey size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={user.active ? "Désactiver" : "Réactiver"}>
                        <ActionIcon
                          variant="subtle"
                          color={user.active ? "red" : "green"}
                          aria-label={`${user.active ? "Désactiver" : "Réactiver"} ${user.identifier}`}
                          onClick={() => toggleActive(user)}
                        >
                          {user.active ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
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
      {!isLoading && data?.items.length === 0 && (
        <Text c="dimmed" ta="center">
          Aucun utilisateur ne correspond à ces critères.
        </Text>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data?.total ?? 0} utilisateur(s)
        </Text>
        {(data?.total ?? 0) > PAGE_SIZE && <Pagination total={lastPage} value={page} onChange={setPage} />}
      </Group>
      <UserFormModal user={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </Stack>
  );
}
