import { Alert, Anchor, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconLock, IconSend } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/date-time";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useMail } from "../api/get-mail";
import { useResendMail } from "../api/send-mail";
import { MailAttachments } from "./MailAttachments";
import { FailureDetails, MailStatusBadge } from "./MailStatusBadge";

export const SECRET_CONTENT_HIDDEN = "Contenu masqué : ce message contient un lien de sécurité personnel.";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ wordBreak: "break-word" }}>
        {children}
      </Box>
    </Box>
  );
}

/** What a mail says and where it stands; a mail carrying a personal link never shows its body. */
export function MailPreviewModal({
  id,
  onClose,
  canResend,
}: {
  id: string | null;
  onClose: () => void;
  canResend: boolean;
}) {
  const { data: mail, isLoading, isError, error } = useMail(id);
  const resend = useResendMail();
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={mail?.subject ?? "Aperçu de l'e-mail"}
      size="xl"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      <Box pos="relative" mih={120}>
        <LoadingOverlay visible={isLoading} />
        {isError && (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {mail && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Field label="À">{mail.to.join(", ")}</Field>
              <Field label="Copie">{mail.cc.length ? mail.cc.join(", ") : "—"}</Field>
              <Field label="Statut">
                <MailStatusBadge mail={mail} />
                {mail.status === "FAILED" && (
                  <Box mt={4} c="red">
                    <FailureDetails mail={mail} />
                  </Box>
                )}
              </Field>
              <Field label="Créé">
                le {formatDateTime(mail.createdAt)}
                {mail.createdByName ? ` par ${mail.createdByName}` : " automatiquement"}
              </Field>
              {mail.clientId && mail.clientName && (
                <Field label="Client">
                  <Anchor component={Link} to={`/app/timeline-client/${mail.clientId}`} onClick={onClose}>
                    {mail.clientName}
                  </Anchor>
                </Field>
              )}
              <Field label="Pièces jointes">
                <MailAttachments attachments={mail.attachments} />
              </Field>
            </SimpleGrid>
            <Field label="Objet">{mail.subject}</Field>
            {mail.body === null ? (
              <Alert color="gray" icon={<IconLock size={18} />}>
                {SECRET_CONTENT_HIDDEN}
              </Alert>
            ) : (
              <Paper
                withBorder
                p="md"
                bg="gray.0"
                style={{ whiteSpace: "pre-wrap", maxHeight: "50vh", overflow: "auto" }}
              >
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {mail.body}
                </Text>
              </Paper>
            )}
            {canResend && (
              <Group justify="flex-end">
                <Button
                  variant="light"
                  leftSection={<IconSend size={16} />}
                  loading={resend.isPending}
                  onClick={() =>
                    resend.mutateAsync(mail.id).then(() => {
                      notifySaved(`« ${mail.subject} » est de nouveau en file d'envoi.`);
                      onClose();
                    }, notifyError)
                  }
                >
                  Renvoyer
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Box>
    </Modal>
  );
}
