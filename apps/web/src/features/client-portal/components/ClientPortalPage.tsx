import { Alert, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../configuration/use-branding";
import { useClientUser } from "../api/get-client-user";

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || "—"}</Text>
    </div>
  );
}

/** The client portal's landing page: the establishment's data and its evaluation. */
export function ClientPortalPage() {
  useBranding("Données de certification");
  const { data: client, error, isLoading } = useClientUser();
  return (
    <Stack>
      <Title order={1} size="h2">
        Données de certification
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {!isLoading && client && (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {client.raisonSocial}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label="SIRET" value={client.siret} />
              <Field
                label="Adresse"
                value={[client.address, client.postalCode, client.city].filter(Boolean).join(" ")}
              />
              <Field label="Contact" value={[client.email, client.phone].filter(Boolean).join(" · ")} />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              Votre évaluation
            </Title>
            <Text c="dimmed">
              Aucune évaluation n'est encore programmée pour votre établissement. Les dates de visite, les évaluateurs
              et les rapports apparaîtront ici dès que votre contrat sera signé.
            </Text>
          </Paper>
        </>
      )}
    </Stack>
  );
}
