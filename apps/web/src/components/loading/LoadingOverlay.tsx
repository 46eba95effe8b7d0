import { LoadingOverlay as MantineLoadingOverlay } from "@mantine/core";
import { LOADING_LABEL, Spinner } from "./Spinner";

export interface LoadingOverlayProps {
  visible: boolean;
  /** Accessible name of the spinner; default "Chargement…". */
  label?: string;
  zIndex?: number;
}

/** Covers its positioned parent while data loads; place it inside a `pos="relative"` box. */
export function LoadingOverlay({ visible, label = LOADING_LABEL, zIndex = 400 }: LoadingOverlayProps) {
  return (
    <MantineLoadingOverlay
      visible={visible}
      zIndex={zIndex}
      overlayProps={{ blur: 1 }}
      loaderProps={{ children: <Spinner label={label} /> }}
    />
  );
}
