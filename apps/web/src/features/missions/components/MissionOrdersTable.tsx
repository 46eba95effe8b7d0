import {
  formatDate,
  MISSION_ORDER_STATUS_LABELS,
  MISSION_ROLE_LABELS,
  type MissionDetail,
  type MissionOrder,
} from "@certidesk/shared";
import { Anchor, Badge, Table, Text, Title, VisuallyHidden } from "@mantine/core";

const ORDER_COLORS = { WAITING: "gray", SENT: "blue", ACCEPT: "green", REFUSE: "red", CANCELLED: "orange" } as const;

/**
 * The orders a change of days, team or role replaced (issue 39): kept as they were sent, with their PDF,
 * so that the evidence of what each evaluator was asked to do stays on the mission.
 */
export function ReplacedOrdersTable({ orders }: { orders: MissionDetail["replacedOrders"] }) {
  if (orders.length === 0) return null;
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        Ordres de mission remplacés
      </Title>
      <OrdersTable orders={orders} label="Ordres de mission remplacés" replaced />
    </>
  );
}

/** The mission orders: one per evaluator, WAITING until sent, then the evaluator's answer. */
export function MissionOrdersTable({ orders }: { orders: MissionDetail["missionOrders"] }) {
  return <OrdersTable orders={orders} label="Ordres de mission" />;
}

function OrdersTable({
  orders,
  label,
  replaced = false,
}: {
  orders: Array<MissionOrder & { replacedAt?: string }>;
  label: string;
  replaced?: boolean;
}) {
  if (orders.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aucun ordre de mission : choisissez l'équipe.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Évaluateur</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Envoyé le</Table.Th>
            <Table.Th>Réponse</Table.Th>
            {replaced && <Table.Th>Remplacé le</Table.Th>}
            <Table.Th>Ordre de mission</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id} aria-label={`${replaced ? "Ordre remplacé" : "Ordre de mission"} de ${o.auditorName}`}>
              <Table.Td>
                <Text size="sm" fw={600} component="div">
                  {o.auditorName}
                </Text>
                <Text size="xs" c="dimmed">
                  {MISSION_ROLE_LABELS[o.role]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={ORDER_COLORS[o.status]} variant="light">
                  {MISSION_ORDER_STATUS_LABELS[o.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{o.sentAt ? formatDate(o.sentAt) : "—"}</Table.Td>
              <Table.Td>
                {o.answeredAt ? formatDate(o.answeredAt) : "—"}
                {o.refusalReason && (
                  <Text size="xs" c="red">
                    Motif : {o.refusalReason}
                  </Text>
                )}
              </Table.Td>
              {replaced && <Table.Td>{o.replacedAt ? formatDate(o.replacedAt) : "—"}</Table.Td>}
              <Table.Td>
                {o.document ? (
                  <Anchor href={o.document.url} target="_blank" rel="noopener" size="sm">
                    PDF
                    <VisuallyHidden> de l'ordre de mission de {o.auditorName}</VisuallyHidden>
                  </Anchor>
                ) : (
                  "—"
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
