import { ActionIcon, type MantineColor, type MantineSize, Tooltip } from "@mantine/core";
import type { MouseEventHandler, ReactNode } from "react";

export interface RoundIconButtonProps {
  icon: ReactNode;
  /** Required: the button shows only an icon, so this is its name (in French). */
  "aria-label": string;
  /** Tooltip text; default the aria-label; false for none. */
  tooltip?: string | false;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  color?: MantineColor;
  variant?: "filled" | "light" | "outline" | "subtle" | "default";
  size?: MantineSize | number;
  disabled?: boolean;
  type?: "button" | "submit";
}

/** A round icon-only button with a tooltip. */
export function RoundIconButton(props: RoundIconButtonProps) {
  const { icon, tooltip, variant = "light", size = "lg", type = "button", ...rest } = props;
  const button = (
    <ActionIcon radius="xl" variant={variant} size={size} type={type} {...rest}>
      {icon}
    </ActionIcon>
  );
  const label = tooltip ?? props["aria-label"];
  return label ? <Tooltip label={label}>{button}</Tooltip> : button;
}
