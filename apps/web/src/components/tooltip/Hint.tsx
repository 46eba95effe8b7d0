import { Tooltip } from "@mantine/core";
import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, type ReactNode, useContext } from "react";
import { TooltipHostContext } from "./tooltip-host-context";

interface HintTargetProps {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface HintProps {
  label: ReactNode;
  /** One element that accepts a ref and mouse and focus handlers. */
  children: ReactElement<HintTargetProps>;
}

/** A tooltip on hover and focus: the shared one inside a TooltipHost, else its own. */
export function Hint({ label, children }: HintProps) {
  const host = useContext(TooltipHostContext);
  if (!host) return <Tooltip label={label}>{children}</Tooltip>;
  const own = children.props;
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      host.show(event.currentTarget, label);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      host.hide(event.currentTarget);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      host.show(event.currentTarget, label);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      host.hide(event.currentTarget);
    },
  });
}
