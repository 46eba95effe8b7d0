import { type Candidate, type EligibilityReason, formatDate } from "@certidesk/shared";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { FocusKeeper } from "../focus-keeper/FocusKeeper";
import { useCandidatesByEstablishment } from "./candidates-api";

export interface TeamMember {
  auditorId: string;
  justification: string;
}
interface Establishment {
  clientId: string;
  raisonSocial: string;
  days: string[];
}
/** An evaluator's verdict over every establishment of the contract (blocked anywhere = blocked). */
interface Verdict {
  candidate: Candidate;
  blocking: Array<EligibilityReason & { where: string }>;
  warnings: Array<EligibilityReason & { where: string }>;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** A justification already written for a member's warnings (the mission's team). */
export interface KeptJustification {
  text: string;
  by: string;
  at: string;
  warnings: string[];
}

function VerdictBadge({ v, justified }: { v: Verdict | undefined; justified: boolean }) {
  if (!v) return null;
  if (v.blocking.length)
    return (
      <Badge color="red" variant="light">
        Refusé
      </Badge>
    );
  if (v.warnings.length && justified)
    return (
      <Badge color="teal" variant="light">
        Justifié
      </Badge>
    );
  if (v.warnings.length)
    return (
      <Badge color="orange" variant="light">
        À justifier
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Éligible
    </Badge>
  );
}

function Reasons({ reasons, color, multi }: { reasons: Verdict["blocking"]; color: string; multi: boolean }) {
  if (!reasons.length) return null;
  return (
    <List size="xs" c={color} spacing={2}>
      {reasons.map((r) => (
        <List.Item key={`${r.where}-${r.message}`}>{multi ? `${r.where} : ${r.message}` : r.message}</List.Item>
      ))}
    </List>
  );
}

/**
 * The team of a contract programme or of a mission, chosen among the evaluators ranked by the
 * impartiality engine (one ranking per establishment, with its visit days):
 * eligible first (nearest, then least busy this month), then those needing a justification, then
 * the refused ones with their reason, which cannot be added.
 */
export function EvaluatorPicker({
  contractId,
  establishments,
  team,
  onTeamChange,
  coordinator,
  onCoordinatorChange,
  readOnly,
  names,
  justifications,
}: {
  contractId: string;
  /** The justifications already kept for the members' warnings: shown instead of asking again. */
  justifications?: Record<string, KeptJustification | null>;
  /** Names of team members the ranking may not list (an evaluator no longer active). */
  names?: Record<string, string>;
  establishments: Establishment[];
  team: TeamMember[];
  onTeamChange: (team: TeamMember[]) => void;
  coordinator: string | null;
  onCoordinatorChange: (id: string | null) => void;
  readOnly: boolean;
}) {
  const results = useCandidatesByEstablishment(contractId, establishments, true);
  const multi = establishments.length > 1;
  const [rankFor, setRankFor] = useState(0);
  const [search, setSearch] = useState("");
  const verdicts = useMemo(() => {
    const map = new Map<string, Verdict>();
    results.forEach((r, i) => {
      const where = establishments[i]?.raisonSocial ?? "";
      for (const c of r.data?.items ?? []) {
        const v = map.get(c.id) ?? { candidate: c, blocking: [], warnings: [] };
        v.blocking.push(...c.eligibility.blocking.map((b) => ({ ...b, where })));
        v.warnings.push(...c.eligibility.warnings.map((b) => ({ ...b, where })));
        map.set(c.id, v);
      }
    });
    return map;
  }, [results, establishments]);
  const ranking = (results[rankFor]?.data?.items ?? []).filter(
    (c) => !team.some((t) => t.auditorId === c.id) && (!search || fold(c.name).includes(fold(search))),
  );
  const loading = results.some((r) => r.isLoading);
  const setJustification = (auditorId: string, justification: string) =>
    onTeamChange(team.map((t) => (t.auditorId === auditorId ? { ...t, justification } : t)));

  return (
    <Stack>
      <Title order={3} size="h5">
        Équipe d'évaluation (au moins deux évaluateurs, dont un coordinateur)
      </Title>
      {team.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun évaluateur dans l'équipe.
        </Text>
      ) : (
        <FocusKeeper version={team.length}>
          <Radio.Group value={coordinator} onChange={onCoordinatorChange} aria-label="Coordinateur(rice)">
            <Stack gap="xs">
              {team.map((member) => {
                const v = verdicts.get(member.auditorId);
                const name = v?.candidate.name ?? names?.[member.auditorId] ?? "Évaluateur";
                const kept = justifications?.[member.auditorId] ?? null;
                // Justified when every warning shown now was among those the kept justification answered.
                const justified = !!kept && !!v && v.warnings.every((w) => kept.warnings.includes(w.message));
                return (
                  <Paper key={member.auditorId} withBorder p="sm" aria-label={`Équipe : ${name}`}>
                    {/* Wraps on a narrow screen: the coordinator choice and the remove button go under the name. */}
                    <Group justify="space-between" align="flex-start">
                      <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                        <Group gap="xs">
                          <Text fw={600} size="sm" component="div">
                            {name}
                          </Text>
                          <VerdictBadge v={v} justified={justified} />
                        </Group>
                        {v && <Reasons reasons={v.blocking} color="red" multi={multi} />}
                        {v && <Reasons reasons={v.warnings} color="orange" multi={multi} />}
                        {v && coordinator === member.auditorId && !v.candidate.roles.includes("COORDINATOR") && (
                          <Text size="xs" c="red">
                            N'a pas le rôle de coordinateur(rice) sur sa fiche.
                          </Text>
                        )}
                        {kept && justified && v && v.warnings.length > 0 && (
                          <Text size="xs" c="teal.9">
                            Justifié par {kept.by} le {formatDate(kept.at)} : « {kept.text} »
                          </Text>
                        )}
                        {v && v.blocking.length === 0 && v.warnings.length > 0 && !justified && (
                          <Textarea
                            label="Justification (conservée au journal)"
                            description="Obligatoire pour affecter malgré ces avertissements, sauf si elle a déjà été donnée."
                            autosize
                            minRows={1}
                            disabled={readOnly}
                            value={member.justification}
                            onChange={(e) => setJustification(member.auditorId, e.currentTarget.value)}
                          />
                        )}
                      </Stack>
                      <Group gap="xs" wrap="nowrap">
                        <Radio value={member.auditorId} label="Coordinateur(rice)" disabled={readOnly} />
                        {!readOnly && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Retirer ${name} de l'équipe`}
                            onClick={() => {
                              onTeamChange(team.filter((t) => t.auditorId !== member.auditorId));
                              if (coordinator === member.auditorId) onCoordinatorChange(null);
                            }}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Radio.Group>
        </FocusKeeper>
      )}
      {!readOnly && (
        <Paper withBorder p="sm">
          <Group justify="space-between" align="flex-end" mb="xs">
            <Title order={4} size="h6">
              Évaluateurs proposés
            </Title>
            <Group align="flex-end" gap="xs">
              {multi && (
                <Select
                  label="Classement pour"
                  allowDeselect={false}
                  w={220}
                  data={establishments.map((e, i) => ({ value: String(i), label: e.raisonSocial }))}
                  value={String(rankFor)}
                  onChange={(v) => setRankFor(Number(v ?? 0))}
                />
              )}
              <TextInput
                label="Filtrer"
                aria-label="Filtrer les évaluateurs proposés"
                placeholder="Nom"
                w={180}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            Classés par distance du domicile à l'établissement, puis par nombre de missions du mois ; les évaluateurs
            refusés par les règles d'impartialité sont en fin de liste, avec leur motif.
          </Text>
          {/* An evaluator added leaves the ranking with his button: the focus goes to the next one. */}
          <FocusKeeper version={team.length}>
            <ScrollArea.Autosize mah={360}>
              <Table.ScrollContainer minWidth={520}>
                <Table aria-label="Évaluateurs proposés">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Évaluateur</Table.Th>
                      <Table.Th w={80}>Distance</Table.Th>
                      <Table.Th w={80}>Ce mois</Table.Th>
                      <Table.Th w={130}>Avis</Table.Th>
                      <Table.Th w={100}>
                        <VisuallyHidden>Action</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {ranking.map((c) => {
                      const v = verdicts.get(c.id);
                      const blocked = (v?.blocking.length ?? 0) > 0;
                      return (
                        <Table.Tr key={c.id} aria-label={c.name}>
                          <Table.Td>
                            <Text size="sm" fw={600} component="div">
                              {c.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {c.city ?? "—"}
                              {c.departement ? ` (${c.departement})` : ""}
                            </Text>
                            {c.roles.includes("COORDINATOR") && (
                              <Badge size="xs" variant="outline" color="gray">
                                Peut coordonner
                              </Badge>
                            )}
                            {v && <Reasons reasons={v.blocking} color="red" multi={multi} />}
                            {v && <Reasons reasons={v.warnings} color="orange" multi={multi} />}
                          </Table.Td>
                          <Table.Td>{c.distanceKm === null ? "—" : `${c.distanceKm} km`}</Table.Td>
                          <Table.Td>{c.monthLoad}</Table.Td>
                          <Table.Td>
                            <VerdictBadge v={v} justified={false} />
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconPlus size={14} />}
                              disabled={blocked}
                              aria-label={`Ajouter ${c.name}`}
                              onClick={() => onTeamChange([...team, { auditorId: c.id, justification: "" }])}
                            >
                              Ajouter
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </ScrollArea.Autosize>
          </FocusKeeper>
          {loading && (
            <Text size="sm" c="dimmed">
              Vérification des règles d'impartialité…
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
