import { Alert, Box, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { LoadingOverlay } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useClientOptions } from "../../api/get-client-options";
import { useTemplatePreview } from "../../api/preview-mail-template";

/** The draft filled with real data (the company, the signed-in user, a chosen or the latest client). */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const [clientId, setClientId] = useState<string | null>(null);
  const [clientSearch, setClientSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(clientSearch, 250);
  const clients = useClientOptions(debouncedSearch || undefined);
  // Typing should not fire a request per key.
  const [draft] = useDebouncedValue({ subject, body, clientId }, 400);
  const preview = useTemplatePreview(draft, draft.subject.trim() !== "" || draft.body.trim() !== "");

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Aperçu
      </Title>
      <Select
        label="Client utilisé pour l'aperçu"
        placeholder="Le plus récent"
        searchable
        clearable
        data={clients.data ?? []}
        value={clientId}
        onChange={setClientId}
        searchValue={clientSearch}
        onSearchChange={setClientSearch}
        filter={({ options }) => options}
        nothingFoundMessage="Aucun client"
        disabled={clients.isError}
        description={clients.isError ? errorMessage(clients.error) : undefined}
      />
      {preview.isError && (
        <Alert color="red" role="alert">
          {errorMessage(preview.error)}
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={preview.isLoading} />
        <Paper withBorder p="md" bg="gray.0" mih={200} aria-label="Aperçu du modèle">
          <Text size="xs" c="dimmed">
            Objet
          </Text>
          <Text fw={600} mb="sm">
            {preview.data?.subject || "—"}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {preview.data?.body}
          </Text>
        </Paper>
      </Box>
      {preview.data?.sample && (
        <Text size="xs" c="dimmed">
          {preview.data.sample}
        </Text>
      )}
    </Stack>
  );
}
