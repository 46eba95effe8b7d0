import type { NumberingSeries } from "@certidesk/shared";
import { Alert, Button, Code, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifySaved } from "../../../lib/notify";
import { useNumbering, useUpdateNumbering } from "../api/numbering";

function SeriesRow({ series, canUpdate }: { series: NumberingSeries; canUpdate: boolean }) {
  const [mask, setMask] = useState(series.mask);
  const update = useUpdateNumbering();
  useEffect(() => setMask(series.mask), [series.mask]);
  const save = () =>
    update
      .mutateAsync({ code: series.code, mask, version: series.version })
      .then(() => notifySaved(`Numérotation des ${series.label.toLowerCase()} enregistrée.`))
      .catch(() => null);
  return (
    <Table.Tr>
      <Table.Td fw={600}>{series.label}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Masque des ${series.label.toLowerCase()}`}
          value={mask}
          onChange={(e) => setMask(e.currentTarget.value)}
          disabled={!canUpdate}
          error={update.isError ? errorMessage(update.error) : undefined}
          maxLength={40}
        />
      </Table.Td>
      <Table.Td>{series.counter}</Table.Td>
      <Table.Td>
        <Code>{series.next}</Code>
      </Table.Td>
      <Table.Td>
        {canUpdate && (
          <Button size="xs" onClick={save} loading={update.isPending} disabled={mask === series.mask}>
            Enregistrer
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Settings › Numérotation: the masks of demands, quotes and contracts; the counters only move forward. */
export function NumberingTab() {
  const { can } = useCan();
  const { data = [], error } = useNumbering();
  return (
    <Stack maw={1000}>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      <Paper withBorder p="md">
        <Text size="sm" mb="xs">
          Chaque série suit une séquence continue, sans trou ni doublon, même quand plusieurs personnes créent des
          documents en même temps. Jetons : <Code>{"{YYYY}"}</Code> année, <Code>{"{YY}"}</Code> année sur deux
          chiffres, <Code>{"{MM}"}</Code> mois, <Code>{"{NNNN}"}</Code> compteur (autant de N que de chiffres). Un
          masque avec l'année repart à 1 chaque 1er janvier.
        </Text>
        <Table.ScrollContainer minWidth={680}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>Série</Table.Th>
                <Table.Th>Masque</Table.Th>
                <Table.Th w={110}>Dernier n°</Table.Th>
                <Table.Th w={170}>Prochain numéro</Table.Th>
                <Table.Th w={130}>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((s) => (
                <SeriesRow key={s.code} series={s} canUpdate={can("SETTING", "update")} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
