import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useBranding } from "../../lib/configuration/use-branding";

export function NotFoundPage({ home = "/" }: { home?: string }) {
  useBranding("Page introuvable");
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          Page introuvable
        </Title>
        <Text c="dimmed">Cette adresse ne correspond à aucun écran. Vérifiez le lien ou revenez à l'accueil.</Text>
        <Button component={Link} to={home} variant="light">
          Retour à l'accueil
        </Button>
      </Stack>
    </Center>
  );
}
