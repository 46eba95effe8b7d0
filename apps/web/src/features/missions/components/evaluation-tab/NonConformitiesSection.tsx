import {
  formatDate,
  type MissionDetail,
  NON_CONFORMITY_SEVERITIES,
  NON_CONFORMITY_SEVERITY_LABELS,
  type NonConformity,
  type NonConformityBody,
  type NonConformitySeverity,
  nonConformityBodySchema,
} from "@certidesk/shared";
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { DateField, FormContent, FormModal } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { useCloseNonConformity } from "../../api/close-non-conformity";
import { useCreateNonConformity } from "../../api/create-non-conformity";
import { useNonConformities } from "../../api/get-non-conformities";
import { useUpdateNonConformity } from "../../api/update-non-conformity";

interface NcForm extends Record<string, unknown> {
  criterion: string;
  severity: string;
  description: string;
  correctiveAction: string;
  evidence: string;
  dueDate: string;
}

function NonConformityForm({
  mission,
  current,
  onClose,
}: {
  mission: MissionDetail;
  current: NonConformity | null;
  onClose: () => void;
}) {
  const create = useCreateNonConformity();
  const update = useUpdateNonConformity();
  const { form, submit, banner } = useZodForm<NcForm, NonConformityBody>({
    initialValues: {
      criterion: current?.criterion ?? "",
      severity: current?.severity ?? "MINOR",
      description: current?.description ?? "",
      correctiveAction: current?.correctiveAction ?? "",
      evidence: current?.evidence ?? "",
      dueDate: current?.dueDate ?? "",
    },
    schema: nonConformityBodySchema,
    toBody: (v) => ({
      criterion: v.criterion,
      severity: v.severity as NonConformitySeverity,
      description: v.description,
      correctiveAction: v.correctiveAction.trim() || null,
      evidence: v.evidence.trim() || null,
      dueDate: v.dueDate || null,
    }),
  });
  const onSubmit = submit(async (body) => {
    if (current) await update.mutateAsync({ id: current.id, body: { ...body, version: current.version } });
    else await create.mutateAsync({ missionId: mission.id, body });
    notifySaved(current ? "Non-conformité modifiée." : "Non-conformité relevée.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={create.isPending || update.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Critère du référentiel" placeholder="2.3.1" required {...form.getInputProps("criterion")} />
        <Select
          label="Gravité"
          allowDeselect={false}
          data={NON_CONFORMITY_SEVERITIES.map((s) => ({ value: s, label: NON_CONFORMITY_SEVERITY_LABELS[s] }))}
          {...form.getInputProps("severity")}
        />
        <DateField label="Échéance de levée" {...form.getInputProps("dueDate")} />
      </SimpleGrid>
      <Textarea label="Écart constaté" required autosize minRows={2} {...form.getInputProps("description")} />
      <Textarea
        label="Action corrective de l'établissement"
        autosize
        minRows={2}
        {...form.getInputProps("correctiveAction")}
      />
      <Textarea label="Preuve apportée" autosize minRows={2} {...form.getInputProps("evidence")} />
    </FormContent>
  );
}

function NonConformityCard({
  nc,
  canEdit,
  canClose,
  onEdit,
}: {
  nc: NonConformity;
  canEdit: boolean;
  canClose: boolean;
  onEdit: () => void;
}) {
  const close = useCloseNonConformity();
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text fw={700}>Critère {nc.criterion}</Text>
            <Badge color={nc.severity === "MAJOR" ? "red" : "orange"} variant="light">
              {NON_CONFORMITY_SEVERITY_LABELS[nc.severity]}
            </Badge>
            {nc.closedAt ? (
              <Badge color="green" variant="light">
                Levée
              </Badge>
            ) : (
              nc.late && (
                <Badge color="red" variant="filled">
                  Échéance dépassée
                </Badge>
              )
            )}
          </Group>
          {!nc.closedAt && (
            <Group gap="xs">
              {canEdit && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={onEdit}
                  aria-label={`Modifier la non-conformité ${nc.criterion}`}
                >
                  Modifier
                </Button>
              )}
              {canClose && (
                <Button
                  size="compact-sm"
                  color="green"
                  loading={close.isPending}
                  aria-label={`Lever la non-conformité ${nc.criterion}`}
                  onClick={async () => {
                    await close.mutateAsync({ id: nc.id, version: nc.version });
                    notifySaved("Non-conformité levée.");
                  }}
                >
                  Lever
                </Button>
              )}
            </Group>
          )}
        </Group>
        <Text size="sm">{nc.description}</Text>
        <Text size="sm">
          <strong>Action corrective :</strong> {nc.correctiveAction ?? "—"}
        </Text>
        <Text size="sm">
          <strong>Preuve :</strong> {nc.evidence ?? "—"}
        </Text>
        <Text size="sm" c="dimmed">
          {nc.dueDate ? `À lever avant le ${formatDate(nc.dueDate)}` : "Sans échéance"}
          {nc.closedAt ? ` · levée le ${formatDate(nc.closedAt)} par ${nc.closedBy ?? "—"}` : ""}
        </Text>
        {close.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(close.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A certification audit's non-conformities, per criterion; an open major one blocks the decision. */
export function NonConformitiesSection({ mission }: { mission: MissionDetail }) {
  const { data = [], isLoading } = useNonConformities(mission.id);
  const [editing, setEditing] = useState<NonConformity | "new" | null>(null);
  const canEdit = !!mission.abilities.manageNonConformities;
  const canClose = !!mission.abilities.closeNonConformity;
  const openMajors = data.filter((n) => n.severity === "MAJOR" && !n.closedAt).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Non-conformités
        </Title>
        {canEdit && (
          <Button variant="light" onClick={() => setEditing("new")}>
            Relever une non-conformité
          </Button>
        )}
      </Group>
      {openMajors > 0 && (
        <Alert color="red">
          {openMajors} non-conformité(s) majeure(s) ouverte(s) : la décision de certification attend leur levée.
        </Alert>
      )}
      {!isLoading && data.length === 0 && <Text c="dimmed">Aucune non-conformité relevée.</Text>}
      {data.map((nc) => (
        <NonConformityCard key={nc.id} nc={nc} canEdit={canEdit} canClose={canClose} onEdit={() => setEditing(nc)} />
      ))}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Relever une non-conformité" : "Modifier la non-conformité"}
        size="lg"
      >
        <NonConformityForm
          mission={mission}
          current={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      </FormModal>
    </Stack>
  );
}
