import type { WallPost } from "@certidesk/shared";
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPencil, IconPin, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { DocumentCell } from "../../../components";
import { Hint } from "../../../components/tooltip/Hint";
import { formatDateTime } from "../../../lib/date-time";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useDeletePost } from "../api/delete-post";
import { useMarkRead } from "../api/mark-read";
import { audienceText } from "./audience";
import { CommentThread } from "./CommentThread";
import { PostComposer } from "./PostComposer";

/** Marks the post read the first time it is shown to a reader who had not read it. */
function useReadWhenShown(post: WallPost) {
  const markRead = useMarkRead();
  const sent = useRef(false);
  useEffect(() => {
    if (post.readByMe || sent.current) return;
    sent.current = true;
    markRead.mutate(post.id);
  }, [post.readByMe, post.id, markRead]);
}

/** "Lu par N", the names on hover and focus. */
function ReadBy({ post }: { post: WallPost }) {
  const names = post.readBy.map((r) => r.label).join(", ") || "Personne pour l'instant";
  return (
    <Hint label={names}>
      <Text
        size="xs"
        c="dimmed"
        tabIndex={0}
        data-testid="read-by"
        aria-label={`Lu par ${post.readBy.length} : ${names}`}
      >
        Lu par {post.readBy.length}
      </Text>
    </Hint>
  );
}

/** One post of the feed: pin, title, author and date, text with its line breaks, attachments, comments. */
export function PostCard({
  post,
  canPin,
  withComments = true,
}: {
  post: WallPost;
  canPin: boolean;
  withComments?: boolean;
}) {
  useReadWhenShown(post);
  const [editing, setEditing] = useState(false);
  const remove = useDeletePost();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: "Supprimer la publication",
      children: <Text size="sm">La publication et ses commentaires seront supprimés pour tous.</Text>,
      labels: { confirm: "Supprimer", cancel: "Annuler" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove
          .mutateAsync({ id: post.id, version: post.version })
          .then(() => notifySaved("La publication est supprimée."), notifyError),
    });
  const heading = post.title ?? `Publication de ${post.author.label}`;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-label={heading}
      data-testid="wall-post"
      style={post.pinned ? { borderColor: "var(--mantine-color-orange-5)", borderWidth: 2 } : undefined}
    >
      {editing ? (
        <PostComposer post={post} canPin={canPin && post.abilities.pin} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              {post.pinned && (
                <Badge color="orange" variant="light" leftSection={<IconPin size={12} aria-hidden />} w="fit-content">
                  Annonce
                </Badge>
              )}
              {post.title && (
                <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                  {post.title}
                </Title>
              )}
              <Text size="xs" c="dimmed">
                {post.author.label} · {formatDateTime(post.createdAt)}
                {post.edited ? " (modifié)" : ""} · Pour : {audienceText(post.audience)}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              {post.abilities.update && (
                <ActionIcon variant="subtle" aria-label="Modifier la publication" onClick={() => setEditing(true)}>
                  <IconPencil size={16} />
                </ActionIcon>
              )}
              {post.abilities.delete && (
                <ActionIcon variant="subtle" color="red" aria-label="Supprimer la publication" onClick={confirmDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Group>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {post.text}
          </Text>
          {post.attachments.length > 0 && (
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                Pièces jointes :
              </Text>
              {/* The server hands signed links: they open as they are, in a new window. */}
              <DocumentCell documents={post.attachments} buildViewUrl={(d) => d.url} />
            </Group>
          )}
          <ReadBy post={post} />
          {withComments && (
            <CommentThread postId={post.id} comments={post.comments} canComment={post.abilities.comment} />
          )}
        </Stack>
      )}
    </Paper>
  );
}
