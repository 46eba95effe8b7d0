import { Stack, Tabs, Title } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { PanelBoundary } from "../../components";
import { Spinner } from "../../components/loading/Spinner";
import { useCan } from "../../lib/can";
import { useBranding } from "../../lib/configuration/use-branding";

/** A settings tab fetched with its feature's chunk when it is first shown. */
const tab = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

type Abilities = ReturnType<typeof useCan>["abilities"];

/**
 * Settings tabs, one per feature, each in its own chunk; later modules add theirs. `shown` hides a tab the
 * server's policy keeps from the user (the session's abilities).
 */
const TABS: Array<{ value: string; label: string; Panel: ComponentType; shown?: (a: Abilities) => boolean }> = [
  {
    value: "general",
    label: "Société",
    Panel: tab(() => import("../../features/configuration/components/GeneralSettingsTab"), "GeneralSettingsTab"),
  },
  {
    value: "profils",
    label: "Profils et droits",
    Panel: tab(() => import("../../features/profiles/components/ProfilesTab"), "ProfilesTab"),
  },
  {
    value: "utilisateurs",
    label: "Utilisateurs",
    Panel: tab(() => import("../../features/users/components/UsersTab"), "UsersTab"),
  },
  {
    value: "documents",
    label: "Documents",
    Panel: tab(
      () => import("../../features/documents/components/settings/DocumentCategoriesTab"),
      "DocumentCategoriesTab",
    ),
  },
  {
    value: "e-mails",
    label: "E-mails",
    Panel: tab(() => import("../../features/mail/components/settings/MailTemplatesTab"), "MailTemplatesTab"),
  },
  {
    value: "e-mails-groupes",
    label: "E-mails groupés",
    Panel: tab(() => import("../../features/mail/components/settings/MailGroupsTab"), "MailGroupsTab"),
  },
  {
    value: "evaluateurs",
    label: "Évaluateurs",
    Panel: tab(() => import("../../features/auditors/components/AuditorSettingsTab"), "AuditorSettingsTab"),
  },
  {
    value: "missions",
    label: "Missions",
    Panel: tab(() => import("../../features/missions/components/settings/MissionDeadlinesTab"), "MissionDeadlinesTab"),
  },
  {
    value: "alertes",
    label: "Alertes",
    Panel: tab(() => import("../../features/alerts/components/AlertSettingsTab"), "AlertSettingsTab"),
  },
  {
    value: "numerotation",
    label: "Numérotation",
    Panel: tab(() => import("../../features/numbering/components/NumberingTab"), "NumberingTab"),
  },
  {
    value: "frais",
    label: "Frais",
    Panel: tab(() => import("../../features/expenses/components/ExpenseSettingsTab"), "ExpenseSettingsTab"),
  },
  {
    value: "facturation",
    label: "Facturation",
    Panel: tab(() => import("../../features/invoices/components/InvoiceSettingsTab"), "InvoiceSettingsTab"),
  },
  {
    value: "comptabilite",
    label: "Comptabilité",
    Panel: tab(() => import("../../features/accounting/components/AccountingSettingsTab"), "AccountingSettingsTab"),
  },
  {
    value: "accessibilite",
    label: "Accessibilité",
    Panel: tab(
      () => import("../../features/accessibility/components/AccessibilityStatementTab"),
      "AccessibilityStatementTab",
    ),
  },
  {
    value: "recherche",
    label: "Recherche",
    Panel: tab(() => import("../../features/search/components/SearchSettingsTab"), "SearchSettingsTab"),
  },
  {
    value: "sauvegardes",
    label: "Sauvegardes",
    Panel: tab(() => import("../../features/backups/components/BackupsTab"), "BackupsTab"),
    shown: (abilities) => abilities.manageBackups,
  },
  {
    value: "journal",
    label: "Journal des modifications",
    Panel: tab(() => import("../../features/audit/components/AuditLogTab"), "AuditLogTab"),
  },
];

export function SettingsPage() {
  useBranding("Paramètres");
  const { activeTab } = useParams();
  const navigate = useNavigate();
  const { abilities } = useCan();
  const tabs = TABS.filter((t) => t.shown?.(abilities) ?? true);
  const current = tabs.find((t) => t.value === activeTab);
  if (!current) return <Navigate to="/app/setting/general" replace />;
  return (
    <Stack>
      <Title order={1} size="h2">
        Paramètres
      </Title>
      <Tabs value={current.value} onChange={(v) => v && navigate(`/app/setting/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <PanelBoundary>
              <Suspense fallback={<Spinner />}>
                <t.Panel />
              </Suspense>
            </PanelBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
