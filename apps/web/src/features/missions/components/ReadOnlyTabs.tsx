import { formatDate, formatDays, PROGRAMME_ACTIVITY_LABELS } from "@certidesk/shared";
import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import type { MissionTabProps } from "./mission-tabs";

const date = (d: string | null) => (d ? formatDate(d) : "—");

/** Préparation, read only until its editing screen lands: the visit days, slots and programme. */
export function PreparationSummary({ mission }: MissionTabProps) {
  const total = mission.days.reduce((s, d) => s + d.dayFraction, 0);
  return (
    <Stack>
      <Title order={2} size="h4">
        Jours de visite
      </Title>
      {mission.days.length === 0 ? (
        <Text c="dimmed">Aucun jour de visite : la mission est à programmer.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Jours de visite">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Jour</Table.Th>
                <Table.Th>Créneau</Table.Th>
                <Table.Th>Programme</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mission.days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{formatDate(d.day)}</Table.Td>
                  <Table.Td>{d.timeSlot}</Table.Td>
                  <Table.Td>
                    {d.programme.length === 0
                      ? "—"
                      : d.programme
                          .map((p) =>
                            [p.time, PROGRAMME_ACTIVITY_LABELS[p.activity], p.people].filter(Boolean).join(" "),
                          )
                          .join(" ; ")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mission.days.length > 0 && <Text size="sm">Durée de la visite : {formatDays(total)}</Text>}
    </Stack>
  );
}

function Doc({ doc }: { doc: { name: string; url: string } | null }) {
  if (!doc) return <>—</>;
  return (
    <Anchor href={doc.url} target="_blank" rel="noopener">
      {doc.name}
    </Anchor>
  );
}

/** Évaluation, read only until its editing screen lands: the reports, their dates and due dates. */
export function EvaluationSummary({ mission }: MissionTabProps) {
  const { reports: r, deadlines: d, late } = mission;
  const rows = [
    {
      label: "Rapport préliminaire",
      due: d.preliminaryReportDue,
      late: late.preliminary,
      done: r.preliminary.uploadedAt,
      doc: r.preliminary.document,
    },
    { label: "Relu par la qualité", due: null, late: false, done: r.preliminary.reviewedAt, doc: null },
    { label: "Envoyé à l'établissement", due: null, late: false, done: r.preliminary.sentAt, doc: null },
    {
      label: "Observations de l'établissement",
      due: d.observationsDue,
      late: false,
      done: r.observations.receivedAt,
      doc: r.observations.document,
    },
    { label: "Rapport définitif", due: d.finalReportDue, late: late.final, done: r.final.at, doc: r.final.document },
    { label: "Transmis à la HAS (Synaé)", due: null, late: false, done: r.hasTransmittedAt, doc: null },
  ];
  return (
    <Stack>
      <Title order={2} size="h4">
        Rapports et échéances
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Rapports et échéances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Étape</Table.Th>
              <Table.Th>Échéance</Table.Th>
              <Table.Th>Fait le</Table.Th>
              <Table.Th>Document</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  {date(row.due)}
                  {row.late && (
                    <Text component="span" c="red" fw={600} size="sm">
                      {" "}
                      (en retard)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{date(row.done)}</Table.Td>
                <Table.Td>
                  <Doc doc={row.doc} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
