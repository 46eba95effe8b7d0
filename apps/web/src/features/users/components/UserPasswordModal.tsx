import type { UserRow } from "@certidesk/shared";
import { PASSWORD_RULE } from "@certidesk/shared";
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useSetUserPassword } from "../api/save-user";

export function UserPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const mutation = useSetUserPassword();
  const [password, setPassword] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const ok = await mutation.mutateAsync({ id: user.id, password }).catch(() => null);
    if (!ok) return;
    notifySaved("Mot de passe défini. Les sessions de l'utilisateur ont été fermées.");
    setPassword("");
    onClose();
  }

  return (
    <Modal opened={!!user} onClose={onClose} title={`Définir le mot de passe de ${user?.identifier ?? ""}`}>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            L'utilisateur sera déconnecté de toutes ses sessions.
          </Text>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <PasswordInput
            label="Nouveau mot de passe"
            description={PASSWORD_RULE}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
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
