import {
  type EstablishmentOption,
  REQUEST_SERVICE_LABELS,
  REQUEST_SERVICES,
  REQUEST_SOURCE_LABELS,
  REQUEST_SOURCES,
  type RequestService,
  type RequestSource,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useCreateRequest } from "../api/create-request";
import { useEstablishmentOptions } from "../api/get-establishment-options";

/** A request for one or more establishments of the same legal entity. */
export function NewRequestModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<EstablishmentOption[]>([]);
  const [service, setService] = useState<RequestService>("ESSMS_EVALUATION");
  const [source, setSource] = useState<RequestSource>("DIRECT");
  const [wishedPeriod, setWishedPeriod] = useState("");
  const [notes, setNotes] = useState("");
  const create = useCreateRequest();
  const { data: found = [] } = useEstablishmentOptions(debounced || undefined, opened);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    create.reset();
    setSelected([]);
    setSearch("");
    setWishedPeriod("");
    setNotes("");
  }, [opened]);

  const legalEntityId = selected[0]?.legalEntityId ?? null;
  const options = useMemo(() => {
    const pool = [...selected, ...found.filter((o) => !selected.some((s) => s.id === o.id))];
    return pool
      .filter((o) => !legalEntityId || o.legalEntityId === legalEntityId)
      .map((o) => ({
        value: o.id,
        label: `${o.raisonSocial} — ${o.city ?? ""}${o.legalEntityRaisonSocial ? ` (${o.legalEntityRaisonSocial})` : ""}`,
      }));
  }, [found, selected, legalEntityId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!legalEntityId) return;
    const created = await create
      .mutateAsync({ legalEntityId, clientIds: selected.map((s) => s.id), service, source, wishedPeriod, notes })
      .catch(() => null);
    if (!created) return;
    notifySaved("La demande a été enregistrée.");
    onClose();
    onCreated(created.id);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Nouvelle demande" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.isError && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <MultiSelect
            label="Établissements concernés"
            description="Plusieurs établissements d'une même entité juridique peuvent faire l'objet d'une seule demande."
            placeholder="Rechercher par nom, entité juridique ou FINESS"
            searchable
            required
            data={options}
            value={selected.map((s) => s.id)}
            onChange={(ids) =>
              setSelected(
                ids
                  .map((id) => selected.find((s) => s.id === id) ?? found.find((f) => f.id === id))
                  .filter((o): o is EstablishmentOption => !!o),
              )
            }
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage="Aucun établissement"
          />
          <Text size="xs" c="dimmed">
            Établissement absent ?{" "}
            <Anchor component={Link} to="/app/nouveau" size="xs" onClick={onClose}>
              Créer un nouveau client
            </Anchor>
          </Text>
          <SimpleGrid cols={2}>
            <Select
              label="Prestation"
              required
              allowDeselect={false}
              data={REQUEST_SERVICES.map((v) => ({ value: v, label: REQUEST_SERVICE_LABELS[v] }))}
              value={service}
              onChange={(v) => v && setService(v as RequestService)}
            />
            <Select
              label="Origine"
              required
              allowDeselect={false}
              data={REQUEST_SOURCES.map((v) => ({ value: v, label: REQUEST_SOURCE_LABELS[v] }))}
              value={source}
              onChange={(v) => v && setSource(v as RequestSource)}
            />
          </SimpleGrid>
          <TextInput
            label="Période souhaitée"
            placeholder="Second semestre, avant l'été…"
            value={wishedPeriod}
            onChange={(e) => setWishedPeriod(e.currentTarget.value)}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!legalEntityId}>
              Enregistrer la demande
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
