import { isStaffProfile, PROFILE_LABELS } from "@certidesk/shared";
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
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
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`;
  const profile = PROFILE_LABELS[user.profileType];

  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
    clearStoredSession();
    window.location.assign("/login");
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {/* Named by its content, so the name is the visible text (WCAG 2.5.3): initials, name and profile; on a
              phone, where only the initials show, the name and profile are there for screen readers. Menu.Target
              marks it as opening a menu (aria-haspopup). */}
          <UnstyledButton>
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size="sm">
                {initials}
              </Avatar>
              <VisuallyHidden hiddenFrom="sm">
                {user.firstName} {user.lastName}, {profile}
              </VisuallyHidden>
              <Box visibleFrom="sm">
                <Text size="sm" fw={600} lh={1.1} component="div">
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1}>
                  {profile}
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
