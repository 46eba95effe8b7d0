import {
  IconBell,
  IconBooks,
  IconBuildingCommunity,
  IconBuildingHospital,
  IconCalendarEvent,
  IconChartBar,
  IconCoinEuro,
  IconFileInvoice,
  IconMail,
  IconMessages,
  IconSettings,
  IconTargetArrow,
  IconUserCheck,
  IconUserPlus,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { WallUnreadBadge } from "../../features/wall/components/WallUnreadBadge";

export interface NavItem {
  /** Path under /app/, checked against the spec's route table. */
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Shown at the entry's right (the wall's unread count). */
  badge?: ComponentType;
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
  { path: "frais", label: "Frais et honoraires", icon: IconCoinEuro },
  { path: "statistiques", label: "Statistiques", icon: IconChartBar },
  { path: "biblio", label: "Bibliothèque", icon: IconBooks },
  { path: "mail", label: "E-mails", icon: IconMail },
  { path: "wall", label: "Mur", icon: IconMessages, badge: WallUnreadBadge },
  { path: "setting", label: "Paramètres", icon: IconSettings },
];
