import {
  AUDIT_TIME_SLOTS,
  type ContractDetail,
  formatDays,
  formatDecimal,
  type ProgrammeBody,
  programmeBodySchema,
  REGROUPING_STATUSES,
  timeSlotById,
} from "@certidesk/shared";
import { ActionIcon, Alert, Button, Group, List, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { DateField, EvaluatorPicker, FocusKeeper, type TeamMember } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { type ContractScope, useSaveProgramme } from "../api/save-programme";

interface DayForm {
  day: string;
  timeSlotId: string;
  clientId: string | null;
}
interface ProgrammeForm extends Record<string, unknown> {
  establishments: Array<{ clientId: string; regroupingStatus: string; atc: string }>;
  days: DayForm[];
  team: TeamMember[];
  coordinator: string | null;
}
const SLOT_GROUPS = [...new Set(AUDIT_TIME_SLOTS.map((s) => s.name))].map((group) => ({
  group,
  items: AUDIT_TIME_SLOTS.filter((s) => s.name === group).map((s) => ({
    value: String(s.id),
    label: `${s.value} (${formatDays(s.dayFraction)})`,
  })),
}));
const NO_GROUPING = "0";

function initialValues(contract: ContractDetail): ProgrammeForm {
  return {
    establishments: contract.establishments.map((e) => ({
      clientId: e.clientId,
      regroupingStatus: String(e.regroupingStatus ?? NO_GROUPING),
      atc: e.atc ?? "",
    })),
    days: contract.days.map((d) => ({ day: d.day, timeSlotId: String(d.timeSlotId), clientId: d.clientId })),
    team: contract.evaluators.map((e) => ({ auditorId: e.auditorId, justification: "" })),
    coordinator: contract.evaluators.find((e) => e.role === "COORDINATOR")?.auditorId ?? null,
  };
}

function bodyOf(contract: ContractDetail, values: ProgrammeForm): ProgrammeBody {
  const multi = values.establishments.length > 1;
  return {
    establishments: values.establishments.map((e) => {
      const status = Number(e.regroupingStatus);
      return { clientId: e.clientId, regroupingStatus: multi && status ? (status as 1) : null, atc: e.atc };
    }),
    days: values.days.map((d) => ({ day: d.day, timeSlotId: Number(d.timeSlotId), clientId: d.clientId })),
    evaluators: values.team.map(({ auditorId, justification }) => ({
      auditorId,
      role: auditorId === values.coordinator ? ("COORDINATOR" as const) : ("EVALUATOR" as const),
      // A warning of the impartiality engine is accepted only with a written justification.
      ...(justification.trim() ? { justification: justification.trim() } : {}),
    })),
    version: contract.version,
  };
}

/** Programme: the establishments and their grouping, the visit days on the spec's slots, the evaluation team. */
export function ProgrammeTab(props: { contract: ContractDetail; scope: ContractScope; canEdit: boolean }) {
  // A saved or reloaded contract (new version) starts the form again from what is stored.
  return (
    <FocusKeeper version={props.contract.version}>
      <ProgrammeForm key={`${props.contract.id}:${props.contract.version}`} {...props} />
    </FocusKeeper>
  );
}

function ProgrammeForm({
  contract,
  scope,
  canEdit,
}: {
  contract: ContractDetail;
  scope: ContractScope;
  canEdit: boolean;
}) {
  const save = useSaveProgramme();
  const { form, submit, banner } = useZodForm<ProgrammeForm, ProgrammeBody>({
    initialValues: initialValues(contract),
    schema: programmeBodySchema,
    toBody: (values) => bodyOf(contract, values),
    toFormPath: (path) => (path.startsWith("evaluators") ? "team" : path),
  });
  const values = form.getValues();
  // The team has no single input: its error (at least two evaluators…) shows under the picker.
  const teamError = form.getInputProps("team").error as string | undefined;
  const readOnly = !canEdit;
  const multi = contract.establishments.length > 1;
  const total = values.days.reduce((s, d) => s + (timeSlotById(Number(d.timeSlotId))?.dayFraction ?? 0), 0);
  // The days of each establishment ("all" days count for every one), for the impartiality ranking.
  const establishmentDays = contract.establishments.map((e) => ({
    clientId: e.clientId,
    raisonSocial: e.raisonSocial,
    days: [
      ...new Set(values.days.filter((d) => d.day && (!d.clientId || d.clientId === e.clientId)).map((d) => d.day)),
    ].sort(),
  }));
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: contract.id, body, scope });
    notifySaved("Programme enregistré.");
  });

  return (
    <form onSubmit={onSubmit} noValidate>
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
        {banner && (
          <Alert color="red" role="alert">
            {banner}
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
            {contract.establishments.map((e, index) => (
              <Table.Tr key={e.clientId}>
                <Table.Td>
                  <Text size="sm" fw={600} component="div">
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
                      {...form.getInputProps(`establishments.${index}.regroupingStatus`)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <TextInput
                    aria-label={`ATC de ${e.raisonSocial}`}
                    disabled={readOnly}
                    {...form.getInputProps(`establishments.${index}.atc`)}
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
            Durée programmée : {formatDecimal(total)} jour(s)
          </Text>
        </Group>
        {values.days.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: days have no identity until saved.
          <Group key={i} align="flex-end" wrap="nowrap">
            <DateField
              label={i === 0 ? "Jour" : undefined}
              aria-label={`Jour ${i + 1}`}
              disabled={readOnly}
              clearable={false}
              w={170}
              {...form.getInputProps(`days.${i}.day`)}
            />
            <Select
              label={i === 0 ? "Créneau" : undefined}
              aria-label={`Créneau ${i + 1}`}
              disabled={readOnly}
              allowDeselect={false}
              data={SLOT_GROUPS}
              {...form.getInputProps(`days.${i}.timeSlotId`)}
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
                {...form.getInputProps(`days.${i}.clientId`)}
                w={260}
              />
            )}
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Retirer le jour ${i + 1}`}
                onClick={() => form.removeListItem("days", i)}
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
              onClick={() => form.insertListItem("days", { day: "", timeSlotId: "1", clientId: null })}
            >
              Ajouter un jour
            </Button>
          </Group>
        )}
        <EvaluatorPicker
          contractId={contract.id}
          establishments={establishmentDays}
          team={values.team}
          onTeamChange={(team) => {
            form.setFieldValue("team", team);
            if (values.coordinator && !team.some((m) => m.auditorId === values.coordinator))
              form.setFieldValue("coordinator", null);
          }}
          coordinator={values.coordinator}
          onCoordinatorChange={(id) => form.setFieldValue("coordinator", id)}
          readOnly={readOnly}
        />
        {teamError && (
          <Text c="red" size="sm">
            {teamError}
          </Text>
        )}
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
