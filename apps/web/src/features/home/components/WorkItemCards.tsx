import type { WorkItem } from "@certidesk/shared";
import { Badge, Card, Group, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";

/** One card per kind of waiting work, the count first; a card leads to the screen where it is done. */
export function WorkItemCards({ items }: { items: WorkItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {items.map((item) => (
        <Card
          key={item.code}
          component={Link}
          to={item.link}
          withBorder
          padding="md"
          aria-label={`${item.label} : ${item.count}`}
          style={{ opacity: item.count === 0 ? 0.65 : 1 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{item.label}</Text>
            <Badge size="lg" color={item.count > 0 ? "orange" : "gray"} variant={item.count > 0 ? "filled" : "light"}>
              {item.count}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {item.count > 0 ? item.description : "Rien en attente."}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
