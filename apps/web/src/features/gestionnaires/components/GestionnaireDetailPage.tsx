import { formatContact, formatEvaluationDate } from "@certidesk/shared";
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useGestionnaire } from "../api/gestionnaires";
import { GestionnaireFormModal } from "./GestionnaireFormModal";

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === "" ? "—" : value}</Text>
    </div>
  );
}

/** A managing organisation (route /app/gestionnaire/{id}): its identity, legal entities and establishments. */
export function GestionnaireDetailPage() {
  const { id = "" } = useParams();
  const { can } = useCan();
  const { data, isLoading, error } = useGestionnaire(id);
  const [editing, setEditing] = useState(false);
  useBranding(data?.raisonSocial ?? "Gestionnaire");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack maw={1200}>
      <Anchor component={Link} to="/app/gestionnaire" size="sm">
        ← Tous les gestionnaires
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {data.raisonSocial}
        </Title>
        {can("GESTIONNAIRE", "update") && (
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label="SIREN" value={data.siren} />
          <Field label="Adresse" value={[data.address, data.postalCode, data.city].filter(Boolean).join(" ")} />
          <Field label="Contact" value={data.contact ? formatContact(data.contact) : null} />
          <Field label="Établissements / clients" value={`${data.establishments} ESSMS, ${data.clients} client(s)`} />
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        Entités juridiques et établissements
      </Title>
      {data.legalEntityList.length === 0 && (
        <Text c="dimmed">Aucune entité juridique n'est rattachée à ce gestionnaire.</Text>
      )}
      {data.legalEntityList.map((entity) => (
        <Paper withBorder p="md" key={entity.id}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{entity.raisonSocial}</Text>
            <Text size="sm" c="dimmed">
              SIREN {entity.siren ?? "—"} · {entity.city ?? ""}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Établissement</Table.Th>
                  <Table.Th w={120}>FINESS</Table.Th>
                  <Table.Th w={160}>Ville</Table.Th>
                  <Table.Th w={150}>Évaluation</Table.Th>
                  <Table.Th w={100}>Statut</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entity.establishments.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/app/timeline-client/${e.id}`} size="sm">
                        {e.raisonSocial}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{e.finess ?? "—"}</Table.Td>
                    <Table.Td>{e.city ?? "—"}</Table.Td>
                    <Table.Td>{e.isClient ? formatEvaluationDate(e.evaluationDate) : "—"}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" color={e.isClient ? "green" : "blue"}>
                        {e.isClient ? "Client" : "Prospect"}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      <GestionnaireFormModal opened={editing} onClose={() => setEditing(false)} gestionnaire={data} />
    </Stack>
  );
}
