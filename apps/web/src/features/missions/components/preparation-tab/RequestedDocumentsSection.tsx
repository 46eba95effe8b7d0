import { type MissionDetail, type RequestedDocumentsBody, requestedDocumentsBodySchema } from "@certidesk/shared";
import { ActionIcon, Button, Checkbox, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { FormContent, FormModal } from "../../../../components";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { useSaveRequestedDocuments } from "../../api/save-requested-documents";

interface ItemsForm extends Record<string, unknown> {
  items: Array<{ id: string | undefined; label: string; received: boolean }>;
}

function RequestedDocumentsForm({ mission, onClose }: { mission: MissionDetail; onClose: () => void }) {
  const save = useSaveRequestedDocuments();
  const { form, submit, banner } = useZodForm<ItemsForm, RequestedDocumentsBody>({
    initialValues: { items: mission.requestedDocuments.map((i) => ({ ...i })) },
    schema: requestedDocumentsBodySchema,
    toBody: (values) => ({
      items: values.items.map((i) => ({ ...(i.id ? { id: i.id } : {}), label: i.label, received: i.received })),
      version: mission.version,
    }),
  });
  const values = form.getValues();
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: mission.id, body });
    notifySaved("Documents demandés enregistrés.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer la liste"
      loading={save.isPending}
    >
      {values.items.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: new items have no id yet.
        <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
          <TextInput label={`Document ${i + 1}`} style={{ flex: 1 }} {...form.getInputProps(`items.${i}.label`)} />
          <Checkbox label="Reçu" mb={8} {...form.getInputProps(`items.${i}.received`, { type: "checkbox" })} />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Retirer le document ${i + 1}`}
            onClick={() => form.removeListItem("items", i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem("items", { id: undefined, label: "", received: false })}
        >
          Ajouter un document
        </Button>
      </Group>
    </FormContent>
  );
}

/** The documents asked of the ESSMS before the visit: the checklist its portal shows. */
export function RequestedDocumentsSection({ mission }: { mission: MissionDetail }) {
  const [editing, setEditing] = useState(false);
  const items = mission.requestedDocuments;
  const received = items.filter((i) => i.received).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Documents demandés à l'établissement
        </Title>
        {mission.abilities.updateRequestedDocuments && (
          <Button variant="light" onClick={() => setEditing(true)}>
            Modifier la liste
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">Aucun document demandé.</Text>
      ) : (
        <>
          <Text size="sm">
            {received} reçu(s) sur {items.length} — la liste figure sur le portail de l'établissement.
          </Text>
          <List spacing={4} aria-label="Documents demandés">
            {items.map((i) => (
              <List.Item key={i.id}>
                {i.label} —{" "}
                <Text span fw={600} size="sm">
                  {i.received ? "reçu" : "attendu"}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
      <FormModal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Documents demandés à l'établissement"
        size="lg"
      >
        <RequestedDocumentsForm mission={mission} onClose={() => setEditing(false)} />
      </FormModal>
    </Stack>
  );
}
