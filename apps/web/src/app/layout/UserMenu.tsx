import { PROFILE_LABELS } from "@certidesk/shared";
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconKey, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { useLogout } from "../../features/auth/api/logout";
import { ChangePasswordModal } from "../../features/auth/components/ChangePasswordModal";
import { useSession } from "../../lib/session-context";
import { clearStoredSession } from "../../lib/session-store";

export function UserMenu() {
  const { user } = useSession();
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  if (!user) return null;

  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
    clearStoredSession();
    window.location.assign("/login");
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Menu de l'utilisateur">
            <Group gap="xs">
              <Avatar color="brand" radius="xl" size="sm">
                {user.firstName.charAt(0)}
                {user.lastName.charAt(0)}
              </Avatar>
              <div>
                <Text size="sm" fw={600} lh={1.1}>
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1}>
                  {PROFILE_LABELS[user.profileType]}
                </Text>
              </div>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setChanging(true)}>
            Changer mon mot de passe
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={signOut}>
            Se déconnecter
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
    </>
  );
}
