import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useBranding } from "../../lib/configuration/use-branding";

/** Every route the user may not open (spec: "any other route: denied"). */
export function AccessDeniedPage({ home = "/" }: { home?: string }) {
  useBranding("Accès refusé");
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconLock size={48} stroke={1.5} color="var(--mantine-color-red-6)" />
        <Title order={1} size="h2">
          Accès refusé
        </Title>
        <Text c="dimmed">
          Vous n'avez pas les droits nécessaires pour ouvrir cette page, ou elle n'existe pas. Si vous pensez devoir y
          accéder, demandez à la direction de revoir les droits de votre profil.
        </Text>
        <Button component={Link} to={home} variant="light">
          Retour à l'accueil
        </Button>
      </Stack>
    </Center>
  );
}
