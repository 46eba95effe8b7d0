import { Paper, Stack, Text, Title } from "@mantine/core";
import { useWallPosts } from "../api/get-wall-posts";
import { PostCard } from "./PostCard";

/**
 * The evaluator space's "Actualités": the posts addressed to evaluators (the server sends an
 * evaluator only those), read there and marked read as they show. Nothing when there is no news.
 */
export function WallNewsBlock({ limit = 5 }: { limit?: number }) {
  const { data } = useWallPosts(1, limit);
  if (!data || data.items.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wall-news-title">
      <Title order={2} size="h4" id="wall-news-title" mb="sm">
        Actualités
      </Title>
      <Stack gap="sm">
        {data.items.map((post) => (
          <PostCard key={post.id} post={post} canPin={false} withComments={false} />
        ))}
        {data.total > data.items.length && (
          <Text size="xs" c="dimmed">
            {data.total - data.items.length} publication(s) plus ancienne(s) non affichée(s).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
