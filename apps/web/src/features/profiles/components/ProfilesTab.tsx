import {
  grantableCodes,
  OPERATION_LABELS,
  OPERATIONS,
  type Operation,
  PERMISSION_LABELS,
  type PermissionCode,
  type PermissionGrant,
  type Profile,
} from "@certidesk/shared";
import { Alert, Button, Checkbox, Flex, Group, NavLink, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifySaved } from "../../../lib/notify";
import { useSession } from "../../../lib/session-context";
import { useProfiles } from "../api/get-profiles";
import { useUpdateProfilePermissions } from "../api/update-profile-permissions";

function GrantsEditor({ profile, editable, note }: { profile: Profile; editable: boolean; note: string | null }) {
  const [grants, setGrants] = useState<PermissionGrant[]>(profile.permissions);
  // The evaluators' and client users' profiles are offered only the codes their scope bounds.
  const offered = grantableCodes(profile.profileType);
  const mutation = useUpdateProfilePermissions();

  const dirty = JSON.stringify(grants) !== JSON.stringify(profile.permissions);
  const toggle = (code: PermissionCode, op: Operation) =>
    setGrants((list) =>
      list.map((g) => (g.code === code ? { ...g, operation: { ...g.operation, [op]: !g.operation[op] } } : g)),
    );

  async function save() {
    const ok = await mutation
      .mutateAsync({ profileType: profile.profileType, permissions: grants, version: profile.version })
      .catch(() => null);
    if (ok) notifySaved();
  }

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={3} size="h4">
            {profile.label}
          </Title>
          <Text size="sm" c="dimmed">
            {profile.userCount} utilisateur(s) actif(s) avec ce profil. Les changements s'appliquent dès leur prochaine
            requête.
          </Text>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {editable && (
          <Group>
            <Button variant="default" disabled={!dirty} onClick={() => setGrants(profile.permissions)}>
              Annuler
            </Button>
            <Button disabled={!dirty} loading={mutation.isPending} onClick={save}>
              Enregistrer
            </Button>
          </Group>
        )}
      </Group>
      {mutation.isError && (
        <Alert color="red" role="alert">
          {errorMessage(mutation.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={440}>
        <Table withTableBorder striped aria-label={`Droits du profil ${profile.label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module</Table.Th>
              {OPERATIONS.map((op) => (
                <Table.Th key={op} ta="center">
                  {OPERATION_LABELS[op]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grants
              .filter((grant) => offered.includes(grant.code))
              .map((grant) => (
                <Table.Tr key={grant.code}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {PERMISSION_LABELS[grant.code]}
                    </Text>
                  </Table.Td>
                  {OPERATIONS.map((op) => (
                    <Table.Td key={op}>
                      <Group justify="center">
                        <Checkbox
                          aria-label={`${PERMISSION_LABELS[grant.code]} : ${OPERATION_LABELS[op]}`}
                          checked={grant.operation[op]}
                          disabled={!editable}
                          onChange={() => toggle(grant.code, op)}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function ProfilesTab() {
  const { data: profiles = [] } = useProfiles();
  const { can } = useCan();
  const { user } = useSession();
  const [selected, setSelected] = useState("DIR");
  const profile = profiles.find((p) => p.profileType === selected);
  return (
    <Flex align={{ base: "stretch", md: "flex-start" }} direction={{ base: "column", md: "row" }} gap="lg">
      <Paper withBorder p={4} w={{ base: "100%", md: 260 }} miw={220}>
        {profiles.map((p) => (
          <NavLink
            key={p.profileType}
            label={p.label}
            description={`${p.userCount} utilisateur(s)`}
            active={p.profileType === selected}
            onClick={() => setSelected(p.profileType)}
          />
        ))}
      </Paper>
      <Paper withBorder p="md" style={{ flex: 1 }}>
        {profile && (
          // Keyed by version: the editor starts again from the server's grants after every save.
          <GrantsEditor
            key={`${profile.profileType}-${profile.version}`}
            profile={profile}
            editable={can("ADMIN", "update") && profile.profileType !== user?.profileType}
            note={
              !can("ADMIN", "update")
                ? "Modifier les droits demande le droit « Administration des comptes et des droits »."
                : profile.profileType === user?.profileType
                  ? "C'est votre profil : ses droits se modifient par un autre administrateur."
                  : "Vous ne pouvez accorder que des droits que vous avez vous-même."
            }
          />
        )}
      </Paper>
    </Flex>
  );
}
