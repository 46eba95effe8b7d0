import { MAIL_STATUS_LABELS, type MailRow, type MailStatus } from "@certidesk/shared";
import { Badge, Stack, Text, Tooltip } from "@mantine/core";
import { formatDateTime } from "../../../lib/date-time";

const COLORS: Record<MailStatus, string> = { QUEUED: "orange", SENDING: "blue", SENT: "green", FAILED: "red" };

type StatusFields = Pick<MailRow, "status" | "sentAt" | "nextAttemptAt" | "attempts" | "lastError">;

/** Also shown as text in the mail's preview, for those who cannot hover. */
export function FailureDetails({ mail }: { mail: StatusFields }) {
  return (
    <Stack gap={2}>
      <Text size="xs">Prochain essai : {formatDateTime(mail.nextAttemptAt)}</Text>
      <Text size="xs">Tentatives : {mail.attempts}</Text>
      <Text size="xs">Dernière erreur : {mail.lastError ?? "non précisée"}</Text>
    </Stack>
  );
}

/** The mail's status in French; a failed mail tells when it is retried and why it failed. */
export function MailStatusBadge({ mail }: { mail: StatusFields }) {
  const badge = (
    <Badge color={COLORS[mail.status]} variant="light" tt="none" size="md" maw="100%">
      {MAIL_STATUS_LABELS[mail.status]}
    </Badge>
  );
  if (mail.status === "FAILED") {
    return (
      <Tooltip label={<FailureDetails mail={mail} />} multiline w={320} withArrow>
        <span style={{ display: "inline-flex", maxWidth: "100%" }}>{badge}</span>
      </Tooltip>
    );
  }
  if (mail.status === "SENT" && mail.sentAt) {
    return (
      <Stack gap={0}>
        {badge}
        <Text size="xs" c="dimmed">
          le {formatDateTime(mail.sentAt)}
        </Text>
      </Stack>
    );
  }
  return badge;
}
