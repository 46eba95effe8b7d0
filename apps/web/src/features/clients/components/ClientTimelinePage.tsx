import {
  CONTRACT_STATUS_DETAIL_LABELS,
  formatDate,
  formatEvaluationDate,
  PUBLIC_KEY_TYPE_LABELS,
  type PublicKeyType,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
  SECTOR_DOMAIN_LABELS,
  type SectorDomain,
  TYPOLOGY_SECTOR_LABELS,
  TYPOLOGY_TYPE_LABELS,
} from "@certidesk/shared";
import { Alert, Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileCertificate, IconPencil } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import {
  Badges,
  ContactFormModal,
  type ContactTarget,
  EstablishmentFormModal,
  LoadingOverlay,
  PartyContacts,
  TimelinePanel,
} from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useClient } from "../api/get-client";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
const label = <T extends string>(labels: Record<T, string>, value: string | null) =>
  value ? (labels[value as T] ?? value) : "—";

/** A client's page (route /app/timeline-client/{clientId}): the establishment, its contracts and its timeline. */
export function ClientTimelinePage() {
  const { clientId = "" } = useParams();
  const { can, canOpen } = useCan();
  const { data: client, error, isLoading } = useClient(clientId);
  const [editingEstablishment, setEditingEstablishment] = useState(false);
  const [contactTarget, setContactTarget] = useState<ContactTarget | null>(null);
  useBranding(client?.raisonSocial ?? "Client");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !client) return <LoadingOverlay visible />;
  // Establishments and contacts are kept by whoever may update clients (CLIENT), here where they are shown.
  const canEdit = can("CLIENT", "update");

  return (
    <Stack maw={1300}>
      <Anchor component={Link} to="/app/client" size="sm">
        ← Clients
      </Anchor>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            {client.raisonSocial}
          </Title>
          <Badges
            row={{
              isMultiClient: client.siblings.length > 0,
              isRegroupingClient: client.regroupingStatus !== null,
              isGestionnaire: !!client.gestionnaire,
              gestionnaireRaisonSocial: client.gestionnaire?.raisonSocial,
            }}
          />
          <Badge variant="light" color={client.clientSince ? "green" : "blue"}>
            {client.clientSince ? `Client depuis le ${formatDate(client.clientSince)}` : "Prospect"}
          </Badge>
        </Group>
        <Group gap="xs">
          {canEdit && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditingEstablishment(true)}
            >
              Modifier l'établissement
            </Button>
          )}
          {client.contracts.length > 0 && (
            <Button
              component={Link}
              to={`/app/contract-client/${client.id}`}
              leftSection={<IconFileCertificate size={16} />}
            >
              Contrat et programme
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Field label="Établissement">
            <Text size="sm">FINESS {client.finess ?? "—"}</Text>
            <Text size="sm">{[client.address, client.postalCode, client.city].filter(Boolean).join(" ")}</Text>
            <Text size="xs" c="dimmed">
              {label(TYPOLOGY_SECTOR_LABELS, client.typologySector)} ·{" "}
              {label(TYPOLOGY_TYPE_LABELS, client.typologyType)}
              {client.category ? ` · ${client.category}` : ""}
              {client.capacity !== null ? ` · ${client.capacity} places` : ""}
            </Text>
          </Field>
          <Field label="Domaines et publics">
            <Text size="sm">
              {client.sectorDomains.map((d) => SECTOR_DOMAIN_LABELS[d as SectorDomain] ?? d).join(", ") || "—"}
            </Text>
            <Text size="xs" c="dimmed">
              {client.publicKeyTypes.map((p) => PUBLIC_KEY_TYPE_LABELS[p as PublicKeyType] ?? p).join(", ")}
            </Text>
            <Text size="xs" c="dimmed">
              ATC : {client.atc ?? "—"}
            </Text>
          </Field>
          <Field label="Entité juridique">
            <Text size="sm">{client.legalEntity?.raisonSocial ?? "—"}</Text>
            <Text size="xs" c="dimmed">
              {client.legalEntity?.siren ? `SIREN ${client.legalEntity.siren}` : ""}
            </Text>
            {client.gestionnaire && (
              <Text size="xs">
                Gestionnaire :{" "}
                {canOpen(`gestionnaire/${client.gestionnaire.id}`) ? (
                  <Anchor component={Link} to={`/app/gestionnaire/${client.gestionnaire.id}`} size="xs">
                    {client.gestionnaire.raisonSocial}
                  </Anchor>
                ) : (
                  client.gestionnaire.raisonSocial
                )}
              </Text>
            )}
            {client.siblings.length > 0 && (
              <Text size="xs" c="dimmed">
                Autres établissements : {client.siblings.map((s) => s.raisonSocial).join(", ")}
              </Text>
            )}
          </Field>
          <Field label="Évaluation">
            <Text size="sm" fw={600} c={client.evaluationDate ? undefined : "orange"} component="div">
              {client.clientSince ? formatEvaluationDate(client.evaluationDate) : "—"}
            </Text>
            {client.evaluationFinishedAt && (
              <Text size="xs">Finalisée le {formatDate(client.evaluationFinishedAt)}</Text>
            )}
          </Field>
        </SimpleGrid>
        <Box mt="md">
          <Field label="Contacts">
            <PartyContacts
              contacts={client.contacts}
              onEdit={canEdit ? (contact) => setContactTarget({ contact }) : undefined}
              onAdd={canEdit ? () => setContactTarget({ clientId: client.id }) : undefined}
            />
          </Field>
        </Box>
        {(client.contracts.length > 0 || client.requests.length > 0) && (
          <Group gap="xs" mt="sm">
            {client.contracts.map((c) => (
              <Badge key={c.id} variant="outline" color={c.status === "SIGNED" ? "green" : "blue"}>
                Contrat {c.number} · {CONTRACT_STATUS_DETAIL_LABELS[c.status]}
              </Badge>
            ))}
            {client.requests.map((r) =>
              canOpen(`timeline-prospect/${r.id}`) ? (
                <Anchor key={r.id} component={Link} to={`/app/timeline-prospect/${r.id}`} size="xs">
                  Demande {r.reference} ({REQUEST_STATUS_LABELS[r.status as RequestStatus] ?? r.status})
                </Anchor>
              ) : null,
            )}
          </Group>
        )}
      </Paper>
      <TimelinePanel target={{ kind: "client", id: client.id }} canWrite={can("CLIENT", "update")} />
      <EstablishmentFormModal
        clientId={editingEstablishment ? client.id : null}
        onClose={() => setEditingEstablishment(false)}
      />
      <ContactFormModal target={contactTarget} onClose={() => setContactTarget(null)} />
    </Stack>
  );
}
