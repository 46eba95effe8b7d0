import { EXPENSE_STATUS_LABELS, EXPENSE_STATUSES, type MissionDetail } from "@certidesk/shared";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useMissionExpenses } from "../api/get-mission-expenses";
import { DeclareExpenseModal } from "./DeclareExpenseModal";
import { ExpenseTable } from "./ExpenseTable";
import { euros } from "./expense-labels";
import { FeesSection } from "./FeesSection";

/** The mission's Frais tab: the evaluators' expenses (approve, reject, reimburse) and their fees. */
export function ExpensesTab({ mission }: { mission: MissionDetail }) {
  const { data, error, isLoading } = useMissionExpenses(mission.id);
  const [declaring, setDeclaring] = useState(false);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Frais des évaluateurs
        </Title>
        {data.canDeclare && <Button onClick={() => setDeclaring(true)}>Déclarer une dépense</Button>}
      </Group>
      <Group gap="lg">
        {EXPENSE_STATUSES.filter((s) => data.totals[s]).map((s) => (
          <Text key={s} size="sm">
            {EXPENSE_STATUS_LABELS[s]} : <strong>{euros(data.totals[s])}</strong>
          </Text>
        ))}
      </Group>
      {data.rebilledToClient && (
        <Text size="sm" c="dimmed">
          Le contrat prévoit les frais en sus : les dépenses validées sont refacturées au client sur la facture de solde
          de la mission.
        </Text>
      )}
      <ExpenseTable items={data.items} showAuditor showRebilled={data.rebilledToClient} />
      <FeesSection missionId={mission.id} />
      <DeclareExpenseModal
        opened={declaring}
        onClose={() => setDeclaring(false)}
        missions={[{ id: mission.id, label: mission.client.raisonSocial }]}
        kmRate={data.kmRate}
      />
    </Stack>
  );
}
