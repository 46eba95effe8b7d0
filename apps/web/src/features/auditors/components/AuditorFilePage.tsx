import { AUDITOR_STATUS_LABELS, type AuditorBody, auditorBodySchema } from "@certidesk/shared";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { ErrorSummary, FocusKeeper } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { type AuditorFile, auditorBody, useAuditor } from "../api/get-auditor";
import { useUpdateAuditor } from "../api/update-auditor";
import { AuditorFields, type Section } from "./AuditorFields";
import { AvailabilityPanel } from "./AvailabilityPanel";
import { DocumentStateBadge } from "./auditor-labels";
import { DocumentsPanel } from "./DocumentsPanel";
import { LinksPanel } from "./LinksPanel";
import { MissionsPanel } from "./MissionsPanel";

const TABS = [
  { value: "identite", label: "Identité" },
  { value: "competences", label: "Compétences" },
  { value: "zones", label: "Zones et disponibilités" },
  { value: "documents", label: "Documents" },
  { value: "liens", label: "Liens d'intérêts" },
  { value: "missions", label: "Missions" },
  { value: "conditions", label: "Conditions" },
] as const;
type Tab = (typeof TABS)[number]["value"];
const TAB_PARAM = "onglet";

/**
 * An evaluator's file (/app/evaluateur/:id), its tab in the address (`?onglet=liens`). `missionsBlock`:
 * what app/ adds under the Missions tab (performance and statements, from another feature).
 */
export function AuditorFilePage({ missionsBlock }: { missionsBlock?: (auditorId: string) => ReactNode } = {}) {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get(TAB_PARAM))?.value ?? "identite";
  const { data: auditor, error } = useAuditor(id);
  useBranding(auditor ? `${auditor.firstName} ${auditor.lastName}` : "Évaluateur");
  if (error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  if (!auditor) return null;
  return (
    <Stack>
      <Anchor component={Link} to="/app/evaluateur" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Évaluateurs
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {auditor.civility ? `${auditor.civility} ` : ""}
            {auditor.firstName} {auditor.lastName}
          </Title>
          <Text c="dimmed" size="sm">
            {AUDITOR_STATUS_LABELS[auditor.status]}
            {auditor.city ? ` · ${auditor.city}` : ""}
            {auditor.departement ? ` (${auditor.departement})` : ""}
          </Text>
        </div>
        <Group gap="xs">
          {!auditor.active && <Badge color="gray">Inactif</Badge>}
          <DocumentStateBadge state={auditor.documentState} />
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => v && setParams({ [TAB_PARAM]: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(["identite", "competences", "conditions"] as const).map((section) => (
          <Tabs.Panel key={section} value={section}>
            <FocusKeeper version={auditor.version}>
              <FileSectionForm key={auditor.version} auditor={auditor} section={section} />
            </FocusKeeper>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="zones">
          <Stack>
            <FocusKeeper version={auditor.version}>
              <FileSectionForm key={auditor.version} auditor={auditor} section="zones" />
            </FocusKeeper>
            <AvailabilityPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <DocumentsPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
        </Tabs.Panel>
        <Tabs.Panel value="liens">
          <LinksPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
        </Tabs.Panel>
        <Tabs.Panel value="missions">
          <Stack>
            <MissionsPanel auditorId={auditor.id} linkToContracts />
            {missionsBlock?.(auditor.id)}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One section of the file, saved with every other field as it is (PUT with the version). */
function FileSectionForm({ auditor, section }: { auditor: AuditorFile; section: Section }) {
  const update = useUpdateAuditor(auditor.id);
  const { form, submit, banner, summary } = useZodForm<AuditorBody>({
    initialValues: auditorBody(auditor),
    schema: auditorBodySchema,
  });
  const save = submit(async (body) => {
    await update.mutateAsync({ ...body, version: auditor.version } as AuditorBody & { version: number });
    notifySaved("Fiche enregistrée.");
  });
  const canEdit = auditor.abilities.update;
  return (
    <Paper withBorder p="md">
      <form onSubmit={save} noValidate>
        <Stack>
          <ErrorSummary {...summary} />
          {banner && (
            <Alert color="red" role="alert">
              {banner}
            </Alert>
          )}
          <AuditorFields form={form} section={section} staff={auditor.abilities.updateStaffFields} />
          {section === "identite" && (
            <Text size="sm" c="dimmed">
              Compte utilisateur :{" "}
              {auditor.user
                ? `${auditor.user.identifier}${auditor.user.active ? "" : " (désactivé)"}`
                : "aucun (à rattacher dans Paramètres › Utilisateurs)"}
            </Text>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Enregistrer
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
