import { formatPhone } from "@certidesk/shared";
import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useAuditor } from "../api/get-auditor";

/** The evaluator's space, at a path ending in their auditor id (spec section 4). */
export function EvaluatorSpacePage() {
  useBranding("Espace évaluateur");
  const { auditorId = "" } = useParams();
  const { data: auditor, error } = useAuditor(auditorId);
  return (
    <Stack>
      <Title order={1} size="h2">
        Espace évaluateur
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {auditor && (
        <Paper withBorder p="md">
          <Title order={2} size="h4">
            {auditor.firstName} {auditor.lastName}
          </Title>
          <Text c="dimmed" size="sm">
            {[auditor.email, formatPhone(auditor.phone), [auditor.postalCode, auditor.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          <Text mt="md">
            Vos missions apparaîtront ici : propositions de mission à accepter, ordres de mission, préparation des
            visites, dépôt des rapports et déclaration de vos frais.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
