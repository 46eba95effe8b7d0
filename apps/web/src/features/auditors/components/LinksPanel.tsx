import {
  type AuditorLink,
  formatDate,
  LINK_NATURE_LABELS,
  LINK_NATURES,
  type LinkNature,
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  type OrganisationType,
} from "@certidesk/shared";
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import { DataTable, type DataTableColumn, DateField } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useDeclareLink } from "../api/declare-link";
import { useEndLink } from "../api/end-link";
import { useAuditorLinks } from "../api/get-auditor-links";
import { useOrganisationOptions } from "../api/get-organisation-options";

const LINK_COLUMNS: DataTableColumn<AuditorLink>[] = [
  {
    key: "organisationName",
    title: "Organisation",
    render: (l) => (
      <>
        <Text size="sm" fw={600} component="div">
          {l.organisationName}
        </Text>
        <Text size="xs" c="dimmed">
          {ORGANISATION_TYPE_LABELS[l.organisationType]}
          {l.comment ? ` · ${l.comment}` : ""}
        </Text>
      </>
    ),
  },
  { key: "nature", title: "Nature", width: 160, priority: 1, render: (l) => LINK_NATURE_LABELS[l.nature] },
  {
    key: "startDate",
    title: "Période",
    width: 220,
    render: (l) =>
      l.endDate ? (
        `Du ${formatDate(l.startDate)} au ${formatDate(l.endDate)}`
      ) : (
        <Group gap={6}>
          <span>Depuis le {formatDate(l.startDate)}</span>
          <Badge color="orange" size="sm">
            En cours
          </Badge>
        </Group>
      ),
  },
  {
    key: "recordedBy",
    title: "Enregistré par",
    width: 200,
    priority: 2,
    render: (l) => (
      <>
        <Text size="sm">{l.recordedBy}</Text>
        <Text size="xs" c="dimmed">
          le {formatDate(l.recordedAt)}
          {l.endedBy ? ` · terminé par ${l.endedBy}` : ""}
        </Text>
      </>
    ),
  },
];
const endColumn = (onEnd: (link: { id: string; name: string }) => void): DataTableColumn<AuditorLink> => ({
  key: "actions",
  title: "",
  width: 110,
  render: (l) =>
    l.endDate ? null : (
      <Button size="xs" variant="light" onClick={() => onEnd({ id: l.id, name: l.organisationName })}>
        Terminer
      </Button>
    ),
});

const todayIso = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());

/** Links of interest: declared or recorded, never deleted, ended once (evidence for the accreditation body). */
export function LinksPanel({ auditorId, canEdit }: { auditorId: string; canEdit: boolean }) {
  const { data: links = [] } = useAuditorLinks(auditorId);
  const [ending, setEnding] = useState<{ id: string; name: string } | null>(null);
  return (
    <Stack>
      {links.length > 0 && (
        <DataTable
          aria-label="Liens d'intérêts"
          columns={canEdit ? [...LINK_COLUMNS, endColumn(setEnding)] : LINK_COLUMNS}
          rows={links}
          getRowKey={(l) => l.id}
          manualSorting
          manualFiltering
          maxHeight="none"
        />
      )}
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucun lien d'intérêts déclaré.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Un lien n'est jamais supprimé : il est terminé à sa date de fin, et l'historique reste consultable.
      </Text>
      {canEdit && <DeclareLinkForm auditorId={auditorId} />}
      <Modal opened={!!ending} onClose={() => setEnding(null)} title="Terminer le lien d'intérêts">
        {ending && <EndLinkForm auditorId={auditorId} link={ending} onDone={() => setEnding(null)} />}
      </Modal>
    </Stack>
  );
}

function EndLinkForm({
  auditorId,
  link,
  onDone,
}: {
  auditorId: string;
  link: { id: string; name: string };
  onDone: () => void;
}) {
  const end = useEndLink(auditorId);
  const [endDate, setEndDate] = useState<string | null>(todayIso());
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!endDate) return;
    await end.mutateAsync({ linkId: link.id, endDate }).then(
      () => {
        notifySaved("Lien d'intérêts terminé.");
        onDone();
      },
      () => undefined,
    );
  }
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">Lien avec « {link.name} ». La date de fin ne pourra plus être changée.</Text>
        <DateField label="Date de fin" value={endDate} onChange={(v) => setEndDate(v || null)} required />
        {end.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(end.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={end.isPending} disabled={!endDate}>
            Terminer le lien
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeclareLinkForm({ auditorId }: { auditorId: string }) {
  const declare = useDeclareLink(auditorId);
  const [type, setType] = useState<OrganisationType>("ESSMS");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data: options = [] } = useOrganisationOptions(type, debounced);
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [nature, setNature] = useState<LinkNature | null>(null);
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [comment, setComment] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!organisationId || !nature || !startDate) return;
    await declare.mutateAsync({ organisationType: type, organisationId, nature, startDate, endDate, comment }).then(
      () => {
        notifySaved("Lien d'intérêts enregistré.");
        setOrganisationId(null);
        setNature(null);
        setStartDate(null);
        setEndDate(null);
        setComment("");
      },
      () => undefined,
    );
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Déclarer un lien d'intérêts
          </Title>
          <Group grow align="flex-start">
            <Select
              label="Type d'organisation"
              allowDeselect={false}
              data={ORGANISATION_TYPES.map((t) => ({ value: t, label: ORGANISATION_TYPE_LABELS[t] }))}
              value={type}
              onChange={(v) => {
                setType((v as OrganisationType) ?? "ESSMS");
                setOrganisationId(null);
              }}
            />
            <Select
              label="Organisation"
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              data={options}
              value={organisationId}
              onChange={setOrganisationId}
              nothingFoundMessage="Aucune organisation"
              placeholder="Rechercher par nom"
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Nature du lien"
              required
              data={LINK_NATURES.map((n) => ({ value: n, label: LINK_NATURE_LABELS[n] }))}
              value={nature}
              onChange={(v) => setNature(v as LinkNature | null)}
            />
            <DateField label="Début" value={startDate} onChange={(v) => setStartDate(v || null)} required />
            <DateField label="Fin (facultative)" value={endDate} onChange={(v) => setEndDate(v || null)} />
          </Group>
          <Textarea
            label="Commentaire"
            autosize
            minRows={1}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          {declare.isError && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(declare.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={declare.isPending} disabled={!organisationId || !nature || !startDate}>
              Enregistrer le lien
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
