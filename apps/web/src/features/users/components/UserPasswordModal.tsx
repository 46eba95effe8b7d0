import type { UserRow } from "@certidesk/shared";
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconKey, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useIssueTemporaryPassword, useSendResetLink } from "../api/save-user";

/**
 * An administrator never chooses another person's password: they send a link to choose it, or, where
 * mail does not leave (a laptop without SMTP), give a one-time password shown here once.
 */
export function UserPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const link = useSendResetLink();
  const temporary = useIssueTemporaryPassword();
  const [issued, setIssued] = useState<string | null>(null);
  const failed = link.error ?? temporary.error;

  function close() {
    setIssued(null);
    link.reset();
    temporary.reset();
    onClose();
  }

  async function sendLink() {
    if (!user) return;
    if (await link.mutateAsync(user.id).catch(() => null)) {
      notifySaved(`Un lien pour choisir son mot de passe a été envoyé à ${user.email}.`);
      close();
    }
  }

  async function giveTemporary() {
    if (!user) return;
    const result = await temporary.mutateAsync(user.id).catch(() => null);
    if (result) setIssued(result.temporaryPassword);
  }

  return (
    <Modal opened={!!user} onClose={close} title={`Mot de passe de ${user?.identifier ?? ""}`}>
      {issued ? (
        <Stack>
          <Text size="sm">
            Communiquez ce mot de passe provisoire à {user?.firstName} {user?.lastName}. Il ne sera plus affiché ; il ne
            sert qu'à choisir un mot de passe personnel à la prochaine connexion. Ses sessions ont été fermées.
          </Text>
          <Group gap="xs">
            <Code fz="lg" aria-label="Mot de passe provisoire">
              {issued}
            </Code>
            <CopyButton value={issued}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? "Copié" : "Copier"}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>Terminé</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            Vous ne choisissez pas le mot de passe d'un autre utilisateur. Envoyez-lui un lien pour le choisir lui-même
            (valable une heure) ; si les e-mails ne partent pas, donnez-lui un mot de passe provisoire, qu'il remplacera
            à sa connexion.
          </Text>
          {failed && (
            <Alert color="red" role="alert">
              {errorMessage(failed)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button
              variant="light"
              leftSection={<IconKey size={16} />}
              loading={temporary.isPending}
              onClick={giveTemporary}
            >
              Mot de passe provisoire
            </Button>
            <Button
              leftSection={<IconMail size={16} />}
              loading={link.isPending}
              disabled={!user?.email}
              title={user?.email ? undefined : "Ce compte n'a pas d'adresse e-mail."}
              onClick={sendLink}
            >
              Envoyer un lien
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
