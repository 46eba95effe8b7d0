import { Stack, Tabs, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { AuditLogTab } from "../../features/audit/components/AuditLogTab";
import { AuditorSettingsTab } from "../../features/auditors/components/AuditorSettingsTab";
import { GeneralSettingsTab } from "../../features/configuration/components/GeneralSettingsTab";
import { DocumentCategoriesTab } from "../../features/documents/components/settings/DocumentCategoriesTab";
import { ExpenseSettingsTab } from "../../features/expenses/components/ExpenseSettingsTab";
import { InvoiceSettingsTab } from "../../features/invoices/components/InvoiceSettingsTab";
import { MailGroupsTab } from "../../features/mail/components/settings/MailGroupsTab";
import { MailTemplatesTab } from "../../features/mail/components/settings/MailTemplatesTab";
import { NumberingTab } from "../../features/numbering/components/NumberingTab";
import { ProfilesTab } from "../../features/profiles/components/ProfilesTab";
import { UsersTab } from "../../features/users/components/UsersTab";
import { useBranding } from "../../lib/configuration/use-branding";

/** Settings tabs, one per feature; later modules add theirs (Numérotation, E-mails, Documents…). */
const TABS: Array<{ value: string; label: string; render: () => ReactNode }> = [
  { value: "general", label: "Société", render: () => <GeneralSettingsTab /> },
  { value: "profils", label: "Profils et droits", render: () => <ProfilesTab /> },
  { value: "utilisateurs", label: "Utilisateurs", render: () => <UsersTab /> },
  { value: "documents", label: "Documents", render: () => <DocumentCategoriesTab /> },
  { value: "e-mails", label: "E-mails", render: () => <MailTemplatesTab /> },
  { value: "e-mails-groupes", label: "E-mails groupés", render: () => <MailGroupsTab /> },
  { value: "evaluateurs", label: "Évaluateurs", render: () => <AuditorSettingsTab /> },
  { value: "numerotation", label: "Numérotation", render: () => <NumberingTab /> },
  { value: "frais", label: "Frais", render: () => <ExpenseSettingsTab /> },
  { value: "facturation", label: "Facturation", render: () => <InvoiceSettingsTab /> },
  { value: "journal", label: "Journal des modifications", render: () => <AuditLogTab /> },
];

export function SettingsPage() {
  useBranding("Paramètres");
  const { activeTab } = useParams();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t.value === activeTab);
  if (!tab) return <Navigate to="/app/setting/general" replace />;
  return (
    <Stack>
      <Title order={1} size="h2">
        Paramètres
      </Title>
      <Tabs value={tab.value} onChange={(v) => v && navigate(`/app/setting/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.render()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
