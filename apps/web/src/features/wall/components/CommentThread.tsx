import { type WallComment, wallCommentBodySchema } from "@certidesk/shared";
import { ActionIcon, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { formatDateTime } from "../../../lib/date-time";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useAddComment } from "../api/add-comment";
import { useDeleteComment } from "../api/delete-comment";
import { useUpdateComment } from "../api/update-comment";

/** A comment's form: a new one on the post, or the correction of one (`comment`). */
function CommentForm({ postId, comment, onDone }: { postId: string; comment?: WallComment; onDone?: () => void }) {
  const add = useAddComment();
  const update = useUpdateComment();
  const { form, submit, banner } = useZodForm({
    initialValues: { text: comment?.text ?? "" },
    schema: wallCommentBodySchema,
  });
  const onSubmit = submit(async (body) => {
    if (comment) await update.mutateAsync({ id: comment.id, version: comment.version, text: body.text });
    else await add.mutateAsync({ postId, text: body.text });
    form.reset();
    onDone?.();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        <Textarea
          label={comment ? "Modifier le commentaire" : "Votre commentaire"}
          autosize
          minRows={1}
          maxRows={6}
          {...form.getInputProps("text")}
          error={form.getInputProps("text").error ?? banner}
        />
        <Group justify="flex-end" gap="xs">
          {comment && (
            <Button size="xs" variant="default" onClick={onDone}>
              Annuler
            </Button>
          )}
          <Button size="xs" type="submit" variant="light" loading={add.isPending || update.isPending}>
            {comment ? "Enregistrer" : "Commenter"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({ comment, postId }: { comment: WallComment; postId: string }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteComment();
  if (editing) return <CommentForm postId={postId} comment={comment} onDone={() => setEditing(false)} />;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: "Supprimer le commentaire",
      children: <Text size="sm">Le commentaire sera supprimé pour tous.</Text>,
      labels: { confirm: "Supprimer", cancel: "Annuler" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove
          .mutateAsync({ id: comment.id, version: comment.version })
          .then(() => notifySaved("Le commentaire est supprimé."), notifyError),
    });
  return (
    <Stack gap={2} data-testid="wall-comment">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} component="div">
          {comment.author.label}{" "}
          <Text span size="xs" c="dimmed" fw={400}>
            {formatDateTime(comment.createdAt)}
            {comment.edited ? " (modifié)" : ""}
          </Text>
        </Text>
        <Group gap={2} wrap="nowrap">
          {comment.abilities.update && (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="Modifier le commentaire"
              onClick={() => setEditing(true)}
            >
              <IconPencil size={14} />
            </ActionIcon>
          )}
          {comment.abilities.delete && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label="Supprimer le commentaire"
              onClick={confirmDelete}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {comment.text}
      </Text>
    </Stack>
  );
}

/** The comments under a post, oldest first, with their own composer for those who may comment. */
export function CommentThread({
  postId,
  comments,
  canComment,
}: {
  postId: string;
  comments: WallComment[];
  canComment: boolean;
}) {
  if (comments.length === 0 && !canComment) return null;
  return (
    <Stack gap="xs" pl="sm" style={{ borderLeft: "3px solid var(--mantine-color-gray-3)" }}>
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} postId={postId} />
      ))}
      {canComment && <CommentForm postId={postId} />}
    </Stack>
  );
}
