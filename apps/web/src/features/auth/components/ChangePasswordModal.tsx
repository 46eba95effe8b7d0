import { PASSWORD_RULE } from "@certidesk/shared";
import { Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useSession } from "../../../lib/session-context";
import { useChangePassword } from "../api/change-password";

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { refresh } = useSession();
  const mutation = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const mismatch =
    confirm.length > 0 && confirm !== newPassword ? "Les deux mots de passe ne correspondent pas." : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch || !newPassword) return;
    const user = await mutation.mutateAsync({ currentPassword, newPassword }).catch(() => null);
    if (!user) return;
    refresh(user);
    notifySaved("Votre mot de passe a été modifié. Vos autres sessions ont été fermées.");
    setCurrent("");
    setNew("");
    setConfirm("");
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Changer mon mot de passe">
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label="Mot de passe actuel"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label="Nouveau mot de passe"
            description={PASSWORD_RULE}
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label="Confirmation"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch}
            required
          />
          {mutation.isError && (
            <div role="alert" style={{ color: "var(--mantine-color-red-text)" }}>
              {errorMessage(mutation.error)}
            </div>
          )}
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
