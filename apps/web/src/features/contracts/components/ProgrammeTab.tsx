import { AUDIT_TIME_SLOTS, type ContractDetail, REGROUPING_STATUSES, timeSlotById } from "@certidesk/shared";
import { ActionIcon, Alert, Button, Group, List, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { DateField } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { type ContractScope, useSaveProgramme } from "../api/save-programme";
import { EvaluatorPicker, type TeamMember } from "./EvaluatorPicker";

interface DayForm {
  day: string;
  timeSlotId: string;
  clientId: string | null;
}
const SLOT_GROUPS = [...new Set(AUDIT_TIME_SLOTS.map((s) => s.name))].map((group) => ({
  group,
  items: AUDIT_TIME_SLOTS.filter((s) => s.name === group).map((s) => ({
    value: String(s.id),
    label: `${s.value} (${String(s.dayFraction).replace(".", ",")} j)`,
  })),
}));
const NO_GROUPING = "0";

/** Programme: the establishments and their grouping, the visit days on the spec's slots, the evaluation team. */
export function ProgrammeTab({
  contract,
  scope,
  canEdit,
}: {
  contract: ContractDetail;
  scope: ContractScope;
  canEdit: boolean;
}) {
  const [grouping, setGrouping] = useState<Record<string, { regroupingStatus: string; atc: string }>>({});
  const [days, setDays] = useState<DayForm[]>([]);
  const [team, setTeam] = useState<TeamMember[]>([]);
  const [coordinator, setCoordinator] = useState<string | null>(null);
  const save = useSaveProgramme();
  useEffect(() => {
    setGrouping(
      Object.fromEntries(
        contract.establishments.map((e) => [
          e.clientId,
          { regroupingStatus: String(e.regroupingStatus ?? NO_GROUPING), atc: e.atc ?? "" },
        ]),
      ),
    );
    setDays(contract.days.map((d) => ({ day: d.day, timeSlotId: String(d.timeSlotId), clientId: d.clientId })));
    setTeam(contract.evaluators.map((e) => ({ auditorId: e.auditorId, justification: "" })));
    setCoordinator(contract.evaluators.find((e) => e.role === "COORDINATOR")?.auditorId ?? null);
  }, [contract]);
  const readOnly = !canEdit || contract.status === "REFUSE" || contract.status === "CANCELLED";
  const multi = contract.establishments.length > 1;
  const total = days.reduce((s, d) => s + (timeSlotById(Number(d.timeSlotId))?.dayFraction ?? 0), 0);
  const filledDays = days.filter((d) => d.day);
  const establishmentDays = contract.establishments.map((e) => ({
    clientId: e.clientId,
    raisonSocial: e.raisonSocial,
    days: [...new Set(filledDays.filter((d) => !d.clientId || d.clientId === e.clientId).map((d) => d.day))].sort(),
  }));
  const setDay = (i: number, patch: Partial<DayForm>) =>
    setDays((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      establishments: contract.establishments.map((e) => {
        const g = grouping[e.clientId];
        const status = Number(g?.regroupingStatus ?? 0);
        return { clientId: e.clientId, regroupingStatus: multi && status ? (status as 1) : null, atc: g?.atc ?? "" };
      }),
      days: days
        .filter((d) => d.day)
        .map((d) => ({ day: d.day, timeSlotId: Number(d.timeSlotId), clientId: d.clientId })),
      evaluators: team.map(({ auditorId, justification }) => ({
        auditorId,
        role: auditorId === coordinator ? ("COORDINATOR" as const) : ("EVALUATOR" as const),
        ...(justification.trim() ? { justification: justification.trim() } : {}),
      })),
      version: contract.version,
    };
    await save.mutateAsync({ id: contract.id, body, scope }).then(
      () => notifySaved("Programme enregistré."),
      () => undefined,
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        {contract.programmeIssues.length > 0 && (
          <Alert color="orange" title="Programme incomplet">
            <List size="sm">
              {contract.programmeIssues.map((issue) => (
                <List.Item key={issue}>{issue}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Title order={3} size="h5">
          Établissements
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Établissement</Table.Th>
              {multi && <Table.Th w={380}>Regroupement (étape 1)</Table.Th>}
              <Table.Th w={320}>ATC</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contract.establishments.map((e) => (
              <Table.Tr key={e.clientId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {e.raisonSocial}
                  </Text>
                  <Text size="xs" c="dimmed">
                    FINESS {e.finess ?? "—"} · {e.city}
                  </Text>
                </Table.Td>
                {multi && (
                  <Table.Td>
                    <Select
                      aria-label={`Regroupement de ${e.raisonSocial}`}
                      disabled={readOnly}
                      allowDeselect={false}
                      data={[
                        { value: NO_GROUPING, label: "Pas de regroupement" },
                        ...REGROUPING_STATUSES.map((s) => ({
                          value: String(s.value),
                          label: `${s.value} — ${s.label}`,
                        })),
                      ]}
                      value={grouping[e.clientId]?.regroupingStatus ?? NO_GROUPING}
                      onChange={(v) =>
                        setGrouping((g) => ({
                          ...g,
                          [e.clientId]: { atc: g[e.clientId]?.atc ?? "", regroupingStatus: v ?? NO_GROUPING },
                        }))
                      }
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <TextInput
                    aria-label={`ATC de ${e.raisonSocial}`}
                    disabled={readOnly}
                    value={grouping[e.clientId]?.atc ?? ""}
                    onChange={(ev) => {
                      const atc = ev.currentTarget.value;
                      setGrouping((g) => ({
                        ...g,
                        [e.clientId]: { regroupingStatus: g[e.clientId]?.regroupingStatus ?? NO_GROUPING, atc },
                      }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Title order={3} size="h5">
            Jours de visite
          </Title>
          <Text size="sm" c="dimmed">
            Durée programmée : {String(total).replace(".", ",")} jour(s)
          </Text>
        </Group>
        {days.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: days have no identity until saved.
          <Group key={i} align="flex-end" wrap="nowrap">
            <DateField
              label={`Jour ${i + 1}`}
              disabled={readOnly}
              clearable={false}
              value={d.day || null}
              onChange={(v) => setDay(i, { day: v ?? "" })}
              w={150}
            />
            <Select
              label={i === 0 ? "Créneau" : undefined}
              aria-label={`Créneau ${i + 1}`}
              disabled={readOnly}
              allowDeselect={false}
              data={SLOT_GROUPS}
              value={d.timeSlotId}
              onChange={(v) => v && setDay(i, { timeSlotId: v })}
              w={340}
            />
            {multi && (
              <Select
                label={i === 0 ? "Établissement" : undefined}
                aria-label={`Établissement du jour ${i + 1}`}
                disabled={readOnly}
                clearable
                placeholder="Tous"
                data={contract.establishments.map((e) => ({ value: e.clientId, label: e.raisonSocial }))}
                value={d.clientId}
                onChange={(v) => setDay(i, { clientId: v })}
                w={260}
              />
            )}
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Retirer le jour ${i + 1}`}
                onClick={() => setDays((all) => all.filter((_, j) => j !== i))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setDays((all) => [...all, { day: "", timeSlotId: "1", clientId: null }])}
            >
              Ajouter un jour
            </Button>
          </Group>
        )}
        <EvaluatorPicker
          contractId={contract.id}
          establishments={establishmentDays}
          team={team}
          onTeamChange={setTeam}
          coordinator={coordinator}
          onCoordinatorChange={setCoordinator}
          readOnly={readOnly}
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Enregistrer le programme
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
