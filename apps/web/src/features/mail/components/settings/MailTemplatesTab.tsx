import { Alert, Box, Grid, NavLink, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { LoadingOverlay } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useCan } from "../../../../lib/can";
import { useMailTemplates } from "../../api/get-mail-templates";
import { TemplateEditor } from "./TemplateEditor";

/** Settings › E-mails: the templates of the mails the application sends. */
export function MailTemplatesTab() {
  const { can } = useCan();
  const { data = [], isLoading, isError, error } = useMailTemplates();
  const [code, setCode] = useState<string | null>(null);
  const selected = data.find((t) => t.code === code) ?? data[0];

  return (
    <Box pos="relative" mih={200}>
      <LoadingOverlay visible={isLoading} />
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p={4}>
            <Stack gap={0} role="list" aria-label="Modèles d'e-mails">
              {data.map((t) => (
                <NavLink
                  key={t.code}
                  role="listitem"
                  label={t.name}
                  active={t.code === selected?.code}
                  onClick={() => setCode(t.code)}
                />
              ))}
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed" mt="xs">
            Les modèles servent aux e-mails envoyés par l'application (devis, contrats, missions…).
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {selected && <TemplateEditor template={selected} canEdit={can("SETTING", "update")} />}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
