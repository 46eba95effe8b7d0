import {
  parseDecimal,
  type RequestDetail,
  TRAINER_STATUS_LABELS,
  TRAINER_STATUSES,
  type TrainingOrganisationBody,
  trainingOrganisationBodySchema,
} from "@certidesk/shared";
import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { FormContent, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useSaveTrainingOrganisation } from "../api/save-training-organisation";

const STATUS_OPTIONS = TRAINER_STATUSES.map((s) => ({ value: s, label: TRAINER_STATUS_LABELS[s] }));

interface Form extends Record<string, unknown> {
  trainers: Array<{ name: string; speciality: string; status: string | null }>;
  trainees: { perYear: string; hoursPerYear: string };
  hardware: Array<{ label: string; quantity: string }>;
  premises: Array<{ address: string; accessible: boolean }>;
}

const toForm = (data: RequestDetail["trainingOrganisation"]): Form => ({
  trainers: data?.trainers.map((t) => ({ ...t })) ?? [{ name: "", speciality: "", status: "EMPLOYEE" }],
  trainees: {
    perYear: data ? String(data.trainees.perYear) : "",
    hoursPerYear: data ? String(data.trainees.hoursPerYear) : "",
  },
  hardware: data?.hardware.map((h) => ({ label: h.label, quantity: String(h.quantity) })) ?? [],
  premises: data?.premises.map((p) => ({ ...p })) ?? [],
});

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

/** The form of a training organisation's data, validated by the schema the API applies. */
export function TrainingOrganisationForm({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const save = useSaveTrainingOrganisation();
  const { form, submit, banner, summary } = useZodForm<Form, TrainingOrganisationBody>({
    initialValues: toForm(request.trainingOrganisation),
    schema: trainingOrganisationBodySchema,
    toBody: (v) => ({
      trainingOrganisation: {
        trainers: v.trainers.map((t) => ({
          name: t.name,
          speciality: t.speciality,
          status: (t.status ?? "") as "EMPLOYEE",
        })),
        // An empty or unreadable number is null: the schema says « Indiquez … ».
        trainees: {
          perYear: parseDecimal(v.trainees.perYear) as number,
          hoursPerYear: parseDecimal(v.trainees.hoursPerYear) as number,
        },
        hardware: v.hardware.map((h) => ({ label: h.label, quantity: parseDecimal(h.quantity) as number })),
        premises: v.premises,
      },
      version: request.version,
    }),
    toFormPath: (path) => path.replace(/^trainingOrganisation\./, ""),
  });
  const values = form.getValues();
  // The list's own error (none at all): read through getInputProps so that the banner leaves it to the
  // list, and linked to the list's group so that a screen reader says it there (RGAA 11.10).
  const trainersError = form.getInputProps("trainers").error;
  const trainersId = useId();
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: request.id, body });
    notifySaved("Données de l'organisme de formation enregistrées.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      summary={summary}
      submitLabel="Enregistrer"
      loading={save.isPending}
    >
      <Text size="sm" c="dimmed">
        Ce que l'organisme déclare pour dimensionner son audit Qualiopi ; les auditeurs le voient sur leurs missions.
      </Text>
      <Title order={3} size="h5" id={`${trainersId}-title`}>
        Formateurs
      </Title>
      <Stack
        id={trainersId}
        role="group"
        tabIndex={-1}
        aria-labelledby={`${trainersId}-title`}
        aria-describedby={trainersError ? `${trainersId}-error` : undefined}
      >
        {trainersError && (
          <Text size="sm" c="var(--mantine-color-error)" id={`${trainersId}-error`}>
            {trainersError}
          </Text>
        )}
        {values.trainers.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
          <Group key={i} align="flex-start" gap="xs" wrap="wrap">
            <TextInput label={`Formateur ${i + 1}`} w={200} {...form.getInputProps(`trainers.${i}.name`)} />
            <TextInput
              label="Spécialité"
              style={{ flex: 1 }}
              miw={180}
              {...form.getInputProps(`trainers.${i}.speciality`)}
            />
            <Select
              label="Statut"
              w={170}
              allowDeselect={false}
              data={STATUS_OPTIONS}
              {...form.getInputProps(`trainers.${i}.status`)}
            />
            <RemoveButton label={`Retirer le formateur ${i + 1}`} onClick={() => form.removeListItem("trainers", i)} />
          </Group>
        ))}
      </Stack>
      <AddButton
        label="Ajouter un formateur"
        onClick={() => form.insertListItem("trainers", { name: "", speciality: "", status: "EMPLOYEE" })}
      />
      <Title order={3} size="h5">
        Stagiaires
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumericInput label="Stagiaires par an" allowDecimal={false} {...form.getInputProps("trainees.perYear")} />
        <NumericInput
          label="Heures-stagiaires par an"
          allowDecimal={false}
          {...form.getInputProps("trainees.hoursPerYear")}
        />
      </SimpleGrid>
      <Title order={3} size="h5">
        Matériel
      </Title>
      {values.hardware.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
        <Group key={i} align="flex-start" gap="xs">
          <TextInput label={`Matériel ${i + 1}`} style={{ flex: 1 }} {...form.getInputProps(`hardware.${i}.label`)} />
          <NumericInput
            label="Quantité"
            w={110}
            allowDecimal={false}
            {...form.getInputProps(`hardware.${i}.quantity`)}
          />
          <RemoveButton label={`Retirer le matériel ${i + 1}`} onClick={() => form.removeListItem("hardware", i)} />
        </Group>
      ))}
      <AddButton
        label="Ajouter du matériel"
        onClick={() => form.insertListItem("hardware", { label: "", quantity: "1" })}
      />
      <Title order={3} size="h5">
        Locaux
      </Title>
      {values.premises.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
        <Stack key={i} gap={4}>
          <Group align="flex-start" gap="xs">
            <TextInput
              label={`Local ${i + 1} : adresse`}
              style={{ flex: 1 }}
              {...form.getInputProps(`premises.${i}.address`)}
            />
            <RemoveButton label={`Retirer le local ${i + 1}`} onClick={() => form.removeListItem("premises", i)} />
          </Group>
          <Checkbox
            label="Accessible aux personnes à mobilité réduite"
            {...form.getInputProps(`premises.${i}.accessible`, { type: "checkbox" })}
          />
        </Stack>
      ))}
      <AddButton
        label="Ajouter un local"
        onClick={() => form.insertListItem("premises", { address: "", accessible: false })}
      />
    </FormContent>
  );
}
