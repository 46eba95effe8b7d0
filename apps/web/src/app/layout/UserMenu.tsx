import { isStaffProfile, PROFILE_LABELS } from "@certidesk/shared";
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconBellRinging, IconChevronDown, IconKey, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { fromMenu } from "../../components/menu-action/menu-action";
import { useLogout } from "../../features/auth/api/logout";
import { AlertDigestModal } from "../../features/auth/components/AlertDigestModal";
import { ChangePasswordModal } from "../../features/auth/components/ChangePasswordModal";
import { useSession } from "../../lib/session-context";
import { clearStoredSession } from "../../lib/session-store";

export function UserMenu() {
  const { user } = useSession();
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  const [digest, setDigest] = useState(false);
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
          {/* The name read out starts with the visible text (WCAG 2.5.3), and says what the button opens. */}
          <UnstyledButton
            aria-label={`${user.firstName} ${user.lastName}, ${PROFILE_LABELS[user.profileType]} : menu du compte`}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size="sm">
                {user.firstName.charAt(0)}
                {user.lastName.charAt(0)}
              </Avatar>
              <Box visibleFrom="sm">
                <Text size="sm" fw={600} lh={1.1}>
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1}>
                  {PROFILE_LABELS[user.profileType]}
                </Text>
              </Box>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={fromMenu(() => setChanging(true))}>
            Changer mon mot de passe
          </Menu.Item>
          {isStaffProfile(user.profileType) && (
            <Menu.Item leftSection={<IconBellRinging size={16} />} onClick={fromMenu(() => setDigest(true))}>
              Résumé quotidien de mes alertes
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={signOut}>
            Se déconnecter
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
      <AlertDigestModal opened={digest} onClose={() => setDigest(false)} />
    </>
  );
}
