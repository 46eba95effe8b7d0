import {
  IconBell,
  IconBooks,
  IconBuildingCommunity,
  IconBuildingHospital,
  IconCalendarEvent,
  IconChartBar,
  IconFileInvoice,
  IconMail,
  IconSettings,
  IconTargetArrow,
  IconUserCheck,
  IconUserPlus,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

export interface NavItem {
  /** Path under /app/, checked against the spec's route table. */
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The screens of the back-office, in menu order; each module adds its entry here. */
export const NAV_ITEMS: NavItem[] = [
  { path: "alert", label: "Alertes", icon: IconBell },
  { path: "prospect", label: "Prospects", icon: IconTargetArrow },
  { path: "client", label: "Clients", icon: IconBuildingHospital },
  { path: "gestionnaire", label: "Gestionnaires", icon: IconBuildingCommunity },
  { path: "mission", label: "Missions", icon: IconCalendarEvent },
  { path: "evaluateur", label: "Évaluateurs", icon: IconUserCheck },
  { path: "nouveau", label: "Nouveau client", icon: IconUserPlus },
  { path: "facture", label: "Factures", icon: IconFileInvoice },
  { path: "statistiques", label: "Statistiques", icon: IconChartBar },
  { path: "biblio", label: "Bibliothèque", icon: IconBooks },
  { path: "mail", label: "E-mails", icon: IconMail },
  { path: "setting", label: "Paramètres", icon: IconSettings },
];
