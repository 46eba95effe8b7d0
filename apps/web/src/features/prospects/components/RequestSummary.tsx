import {
  CONTRACT_STATUS_DETAIL_LABELS,
  type ContractStatus,
  formatContractStatus,
  formatDate,
  REQUEST_SERVICE_LABELS,
  REQUEST_SOURCE_LABELS,
  REQUEST_STATUS_LABELS,
  type RequestDetail,
} from "@certidesk/shared";
import { ActionIcon, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badges, ContactFormModal, ContactLine, type ContactTarget, EstablishmentFormModal } from "../../../components";
import { useCan } from "../../../lib/can";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** Who asks, for which establishments, what, from where, and where the request stands. */
export function RequestSummary({ request }: { request: RequestDetail }) {
  // The request's contact, or else its establishments' main contact (the one a new request takes).
  const contact =
    request.contacts.find((c) => c.id === request.contactId) ?? request.contacts.find((c) => c.isMain) ?? null;
  // Establishments and contacts are kept with the CLIENT right, here as on the client page.
  const canEdit = useCan().can("CLIENT", "update");
  const [editingEstablishment, setEditingEstablishment] = useState<string | null>(null);
  const [contactTarget, setContactTarget] = useState<ContactTarget | null>(null);
  const firstEstablishment = request.establishmentDetails[0];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          {request.archivedAt ? (
            // An archived request is only that: the stage it had reached is history.
            <Badge color="gray" variant="light">
              Archivée
            </Badge>
          ) : (
            <>
              <Badge variant="light" color={request.status === "REFUSE" ? "red" : "blue"}>
                {formatContractStatus(request.status)}
              </Badge>
              <Text fw={600}>{REQUEST_STATUS_LABELS[request.status]}</Text>
            </>
          )}
          <Badges row={request} />
        </Group>
        <Text size="sm" c="dimmed">
          Reçue le {formatDate(request.receivedAt)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Field label="Entité juridique">
          <Text size="sm">{request.legalEntity.raisonSocial}</Text>
          <Text size="xs" c="dimmed">
            {[
              request.legalEntity.siren && `SIREN ${request.legalEntity.siren}`,
              request.gestionnaireRaisonSocial && `Gestionnaire : ${request.gestionnaireRaisonSocial}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </Field>
        <Field label="Établissements">
          <Stack gap={0}>
            {request.establishmentDetails.map((e) => (
              <Group key={e.id} gap={4} wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={`/app/timeline-client/${e.id}`} size="sm">
                  {e.raisonSocial}
                  <Text span size="xs" c="dimmed">
                    {" "}
                    — {e.city} {e.finess ? `(FINESS ${e.finess})` : ""}
                  </Text>
                </Anchor>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Modifier l'établissement ${e.raisonSocial}`}
                    onClick={() => setEditingEstablishment(e.id)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        </Field>
        <Field label="Demande">
          <Text size="sm">{REQUEST_SERVICE_LABELS[request.service]}</Text>
          <Text size="xs" c="dimmed">
            {REQUEST_SOURCE_LABELS[request.source]}
            {request.wishedPeriod ? ` · Période souhaitée : ${request.wishedPeriod}` : ""}
          </Text>
        </Field>
        <Field label="Contact">
          {contact ? (
            <ContactLine contact={contact} onEdit={canEdit ? (c) => setContactTarget({ contact: c }) : undefined} />
          ) : (
            <Text size="sm">—</Text>
          )}
          {!contact && canEdit && firstEstablishment && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => setContactTarget({ clientId: firstEstablishment.id })}
            >
              Ajouter un contact
            </Button>
          )}
        </Field>
      </SimpleGrid>
      {request.contract && (
        <Group gap="xs" mt="sm">
          <Text size="sm">
            Contrat {request.contract.number} (
            {CONTRACT_STATUS_DETAIL_LABELS[request.contract.status as ContractStatus] ?? request.contract.status})
          </Text>
          <Anchor component={Link} to={`/app/contract/${request.contract.id}`} size="sm">
            Ouvrir le contrat
          </Anchor>
          {request.status === "SIGNED" &&
            request.establishmentDetails.map((e) => (
              <Anchor key={e.id} component={Link} to={`/app/timeline-client/${e.id}`} size="sm">
                Fiche client : {e.raisonSocial}
              </Anchor>
            ))}
        </Group>
      )}
      {request.refusalReason && request.status === "REFUSE" && (
        <Text size="sm" c="red" mt="sm">
          Motif du refus : {request.refusalReason}
        </Text>
      )}
      {request.notes && (
        <Text size="sm" mt="sm" c="dimmed">
          {request.notes}
        </Text>
      )}
      <EstablishmentFormModal clientId={editingEstablishment} onClose={() => setEditingEstablishment(null)} />
      <ContactFormModal target={contactTarget} onClose={() => setContactTarget(null)} />
    </Paper>
  );
}
