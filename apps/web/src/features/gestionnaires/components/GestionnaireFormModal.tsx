import type { GestionnaireDetail } from "@certidesk/shared";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useCreateGestionnaire, useUpdateGestionnaire } from "../api/gestionnaires";

const EMPTY = { raisonSocial: "", siren: "", address: "", postalCode: "", city: "", email: "", phone: "" };
type Form = typeof EMPTY;

/** Creates a managing organisation, or edits one (with its version: a stale edit is refused). */
export function GestionnaireFormModal({
  opened,
  onClose,
  gestionnaire,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  gestionnaire?: GestionnaireDetail | null;
  onCreated?: (id: string) => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const create = useCreateGestionnaire();
  const update = useUpdateGestionnaire();
  const mutation = gestionnaire ? update : create;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    create.reset();
    update.reset();
    setForm(
      gestionnaire
        ? (Object.fromEntries(
            Object.keys(EMPTY).map((k) => [k, (gestionnaire as unknown as Record<string, string | null>)[k] ?? ""]),
          ) as Form)
        : EMPTY,
    );
  }, [opened, gestionnaire]);
  const field = (key: keyof Form, label: string, props: { required?: boolean; maxLength?: number } = {}) => (
    <TextInput
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
      {...props}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = gestionnaire
      ? await update
          .mutateAsync({ id: gestionnaire.id, body: { ...form, version: gestionnaire.version } })
          .catch(() => null)
      : await create.mutateAsync(form).catch(() => null);
    if (!saved) return;
    notifySaved();
    onClose();
    if (!gestionnaire) onCreated?.(saved.id);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={gestionnaire ? `Modifier ${gestionnaire.raisonSocial}` : "Nouveau gestionnaire"}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          {field("raisonSocial", "Raison sociale", { required: true })}
          <SimpleGrid cols={2}>
            {field("siren", "SIREN", { maxLength: 11 })}
            {field("phone", "Téléphone")}
          </SimpleGrid>
          {field("address", "Adresse")}
          <SimpleGrid cols={2}>
            {field("postalCode", "Code postal", { maxLength: 5 })}
            {field("city", "Ville")}
          </SimpleGrid>
          {field("email", "E-mail")}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
