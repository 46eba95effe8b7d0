import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useAuditorExpenses } from "../api/get-auditor-expenses";
import { DeclareExpenseModal } from "./DeclareExpenseModal";
import { ExpenseTable } from "./ExpenseTable";
import { FeeInvoiceModal } from "./FeeInvoiceModal";

/**
 * "Mes frais" in the evaluator space: their expenses on all their missions with their status, a
 * declaration with its receipt, the freelance invoice of a mission (the statements: the Relevés tab).
 */
export function MyExpensesPanel({ auditorId, independent }: { auditorId: string; independent: boolean }) {
  const { data, error, isLoading } = useAuditorExpenses(auditorId);
  const [declaring, setDeclaring] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Mes frais
        </Title>
        <Group gap="xs">
          {independent && (
            <Button variant="default" onClick={() => setInvoicing(true)} disabled={data.missions.length === 0}>
              Envoyer ma facture
            </Button>
          )}
          <Button onClick={() => setDeclaring(true)} disabled={data.missions.length === 0}>
            Déclarer une dépense
          </Button>
        </Group>
      </Group>
      <Text size="sm">
        Transport, hébergement et repas de vos missions, chacun avec son justificatif : l'équipe les valide puis les
        rembourse.
      </Text>
      <ExpenseTable items={data.items} showMission />
      <DeclareExpenseModal
        opened={declaring}
        onClose={() => setDeclaring(false)}
        missions={data.missions}
        kmRate={data.kmRate}
      />
      <FeeInvoiceModal opened={invoicing} onClose={() => setInvoicing(false)} missions={data.missions} />
    </Stack>
  );
}
