import { Switch } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./OnOffSwitch.module.css";

export interface OnOffSwitchProps {
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  /** Visible label; without one, give an aria-label. */
  label?: ReactNode;
  "aria-label"?: string;
  /** Text inside the track when on; default "OUI". */
  onLabel?: string;
  /** Text inside the track when off; default "NON". */
  offLabel?: string;
  disabled?: boolean;
  name?: string;
}

/** The spec's ON/OFF switch, labelled OUI / NON by default. */
export function OnOffSwitch({ onLabel = "OUI", offLabel = "NON", onChange, ...props }: OnOffSwitchProps) {
  return (
    <Switch
      size="lg"
      onLabel={onLabel}
      offLabel={offLabel}
      classNames={{ track: classes.track }}
      onChange={(event) => onChange?.(event.currentTarget.checked)}
      {...props}
    />
  );
}
