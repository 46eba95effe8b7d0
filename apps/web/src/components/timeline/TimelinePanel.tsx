import { formatRelanceDate, isBeforeToday, RELANCE_LABEL } from "@certidesk/shared";
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Timeline, Title } from "@mantine/core";
import { IconBell, IconBellOff, IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { notifyError, notifySaved } from "../../lib/notify";
import { DateField } from "../date-field/DateField";
import { Pagination } from "../pagination/Pagination";
import { commentButtonType } from "../row-actions/action-codes";
import { TimelineBullet, TimelineItemView } from "./TimelineItemView";
import { type TimelineTarget, useAddComment, useSetFollowUp, useTimeline } from "./timeline-api";

const PAGE_SIZE = 30;

/**
 * A client's or a prospect's timeline (spec: TIMELINE): comments, follow-ups, status changes, mails
 * and documents, newest first. The comment button turns 'warning' once the follow-up date is past.
 */
export function TimelinePanel({ target, canWrite }: { target: TimelineTarget; canWrite: boolean }) {
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const [text, setText] = useState("");
  const [planning, setPlanning] = useState(false);
  const [date, setDate] = useState("");
  const [note, setNote] = useState("");
  const { data, error, isFetching } = useTimeline(target, page, PAGE_SIZE);
  const comment = useAddComment(target);
  const followUp = useSetFollowUp(target);
  const dateRelance = data?.dateRelance ?? null;
  const buttonType = commentButtonType(dateRelance);

  const addComment = () =>
    comment.mutateAsync(text.trim()).then(
      () => {
        notifySaved("Commentaire ajouté.");
        setText("");
        setComposing(false);
        setPage(1);
      },
      () => undefined,
    );
  const saveFollowUp = (value: string | null) =>
    followUp.mutateAsync({ dateRelance: value, comment: value ? note : undefined }).then(() => {
      notifySaved(value ? `Relance prévue le ${formatRelanceDate(value)}.` : "Relance levée.");
      setPlanning(false);
      setNote("");
      setPage(1);
    }, notifyError);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Historique
          </Title>
          {dateRelance && (
            <Badge
              color={isBeforeToday(dateRelance) ? "red" : "orange"}
              variant="light"
              leftSection={<IconBell size={12} />}
            >
              {RELANCE_LABEL} {formatRelanceDate(dateRelance)}
            </Badge>
          )}
        </Group>
        {canWrite && (
          <Group gap="xs">
            <Button
              size="xs"
              color={buttonType === "warning" ? "orange" : "blue"}
              data-type={buttonType}
              leftSection={<IconMessage size={14} />}
              onClick={() => setComposing((v) => !v)}
            >
              {buttonType === "warning" ? "Commenter (relance dépassée)" : "Commenter"}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconBell size={14} />}
              onClick={() => setPlanning((v) => !v)}
            >
              {dateRelance ? "Changer la relance" : "Prévoir une relance"}
            </Button>
            {dateRelance && (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconBellOff size={14} />}
                onClick={() => saveFollowUp(null)}
                loading={followUp.isPending}
              >
                Lever la relance
              </Button>
            )}
          </Group>
        )}
      </Group>
      {composing && (
        <Stack gap="xs" mb="md">
          {comment.isError && <Alert color="red">{errorMessage(comment.error)}</Alert>}
          <Textarea
            aria-label="Nouveau commentaire"
            placeholder="Votre commentaire…"
            rows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={addComment} loading={comment.isPending} disabled={!text.trim()}>
              Ajouter le commentaire
            </Button>
          </Group>
        </Stack>
      )}
      {planning && (
        <Group align="flex-end" mb="md">
          <DateField label="Date de relance" value={date} onChange={setDate} clearable={false} />
          <TextInput
            label="Objet (facultatif)"
            style={{ flex: 1 }}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button size="sm" onClick={() => saveFollowUp(date)} disabled={!date} loading={followUp.isPending}>
            Enregistrer la relance
          </Button>
        </Group>
      )}
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data && data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          Rien n'a encore été enregistré.
        </Text>
      )}
      <Timeline bulletSize={22} lineWidth={2} style={{ opacity: isFetching ? 0.7 : 1 }}>
        {data?.items.map((item) => (
          <Timeline.Item key={`${item.kind}-${item.id}`} bullet={<TimelineBullet kind={item.kind} />}>
            <TimelineItemView item={item} />
          </Timeline.Item>
        ))}
      </Timeline>
      {data && data.total > PAGE_SIZE && (
        <Stack mt="md">
          <Pagination totalItems={data.total} itemsPerPage={PAGE_SIZE} currentPage={page} onPageChange={setPage} />
        </Stack>
      )}
    </Paper>
  );
}
