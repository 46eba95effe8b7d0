import { Loader, type MantineSize } from "@mantine/core";

export const LOADING_LABEL = "Chargement…";

export interface SpinnerProps {
  size?: MantineSize | number;
  /** Accessible name; default "Chargement…". */
  label?: string;
}

/** A spinner announced to screen readers as a status. */
export function Spinner({ size = "md", label = LOADING_LABEL }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} style={{ display: "inline-flex" }}>
      <Loader size={size} aria-hidden />
    </span>
  );
}
