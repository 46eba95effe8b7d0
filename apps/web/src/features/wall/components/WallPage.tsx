import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { LoadingOverlay, Pagination } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useWallPosts } from "../api/get-wall-posts";
import { PostCard } from "./PostCard";
import { PostComposer } from "./PostComposer";

const PAGE_SIZE = 20;

/** Route /app/wall: the composer for those who may post, then the feed (announcements first). */
export function WallPage() {
  useBranding("Mur");
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useWallPosts(page, PAGE_SIZE);
  return (
    <Stack maw={820}>
      <Title order={1} size="h2">
        Mur
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data?.canCreate && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Nouvelle publication
          </Title>
          <PostComposer canPin={data.canPin} />
        </Paper>
      )}
      <Stack pos="relative" gap="md" aria-label="Publications" component="section">
        <LoadingOverlay visible={isFetching && !data} />
        {data && data.items.length === 0 && <Text c="dimmed">Aucune publication pour l'instant.</Text>}
        {data?.items.map((post) => (
          <PostCard key={post.id} post={post} canPin={data.canPin} />
        ))}
      </Stack>
      {data && (
        <Pagination totalItems={data.total} itemsPerPage={PAGE_SIZE} currentPage={page} onPageChange={setPage} />
      )}
    </Stack>
  );
}
