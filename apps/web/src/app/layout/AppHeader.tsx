import { Badge, Box, Burger, Group, Image, Text, Tooltip } from "@mantine/core";
import { Link } from "react-router";
import { SearchField } from "../../features/search/components/SearchField";
import { useBranding } from "../../lib/configuration/use-branding";
import { UserMenu } from "./UserMenu";

export function AppHeader({ home, opened, onToggle }: { home: string; opened?: boolean; onToggle?: () => void }) {
  const { companyName, logoUrl, demoData } = useBranding();
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {onToggle && <Burger opened={!!opened} onClick={onToggle} hiddenFrom="sm" size="sm" aria-label="Menu" />}
        <Link
          to={home}
          style={{
            textDecoration: "none",
            color: "inherit",
            display: "flex",
            alignItems: "center",
            gap: 8,
            minWidth: 0,
          }}
        >
          {logoUrl && <Image src={logoUrl} alt="" h={28} w="auto" fit="contain" />}
          <Text fw={700} size="lg" truncate>
            {companyName}
          </Text>
        </Link>
        {demoData && (
          <Tooltip label="Ces données sont fictives : comptes <profil>@demo.fr, mot de passe Demo-2026.">
            <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
              <Box component="span" visibleFrom="sm">
                Données de démonstration
              </Box>
              <Box component="span" hiddenFrom="sm">
                Démo
              </Box>
            </Badge>
          </Tooltip>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchField />
        <UserMenu />
      </Group>
    </Group>
  );
}
