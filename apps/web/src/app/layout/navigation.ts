import { IconBell, IconSettings } from "@tabler/icons-react";
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
  { path: "setting", label: "Paramètres", icon: IconSettings },
];
