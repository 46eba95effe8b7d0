import { PROFILE_LABELS, PROFILE_TYPES, type UserRow } from "@certidesk/shared";
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { PaginatedDataTable } from "../../../components";
import { useCan } from "../../../lib/can";
import { useListParams } from "../../../lib/list-params";
import { notifyError, notifySaved } from "../../../lib/notify";
import { type UsersFilter, useUsers } from "../api/get-users";
import { useSetUserActive } from "../api/save-user";
import { UserFormModal } from "./UserFormModal";
import { UserPasswordModal } from "./UserPasswordModal";
import { userColumns } from "./user-columns";

const PAGE_SIZE = 25;
const SORTABLE = ["identifier", "lastName", "profileType", "lastLoginAt"] as const;

export function UsersTab() {
  const { can } = useCan();
  const list = useListParams({ defaultSort: null, sortKeys: SORTABLE });
  const { sort, page, setPage } = list;
  const [profileType, setProfileType] = useState<string | null>(null);
  const [status, setStatus] = useState<UsersFilter["status"]>("active");
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<UserRow | null>(null);
  const setActive = useSetUserActive();
  const sortKey = SORTABLE.find((k) => k === sort?.key);
  const filter: UsersFilter = {
    page,
    pageSize: PAGE_SIZE,
    search: list.search,
    profileType: profileType ?? undefined,
    status,
    // No column sorted: by name.
    sort: sortKey ?? "lastName",
    direction: sortKey && sort ? sort.direction : "asc",
  };
  const { data, isFetching } = useUsers(filter);
  const canUpdate = can("ADMIN", "update");

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

  // Columns stay stable across renders (the table indexes them); toggleActive only uses stable setters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the right changes, not every render.
  const columns = useMemo(
    () =>
      userColumns(
        canUpdate
          ? {
              onEdit: (user) => {
                setEditing(user);
                setFormOpen(true);
              },
              onPassword: setPasswordFor,
              onToggleActive: toggleActive,
            }
          : null,
      ),
    [canUpdate],
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label="Rechercher"
            placeholder="Nom, identifiant, e-mail"
            leftSection={<IconSearch size={16} />}
            value={list.searchText}
            onChange={(e) => list.setSearchText(e.currentTarget.value)}
          />
          <Select
            label="Profil"
            placeholder="Tous les profils"
            clearable
            data={PROFILE_TYPES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
            value={profileType}
            onChange={(v) => {
              setProfileType(v);
              list.resetPage();
            }}
          />
          <SegmentedControl
            aria-label="Statut"
            value={status}
            onChange={(v) => {
              setStatus(v as UsersFilter["status"]);
              list.resetPage();
            }}
            data={[
              { value: "active", label: "Actifs" },
              { value: "inactive", label: "Désactivés" },
              { value: "all", label: "Tous" },
            ]}
          />
        </Group>
        {can("ADMIN", "create") && (
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
      <PaginatedDataTable
        aria-label="Utilisateurs"
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(u) => u.id}
        loading={isFetching && !data}
        sort={sort}
        onSortChange={list.setSort}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={setPage}
        maxHeight={640}
        emptyText="Aucun utilisateur ne correspond à ces critères."
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} utilisateur(s)
      </Text>
      <UserFormModal user={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </Stack>
  );
}
