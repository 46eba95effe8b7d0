import { Alert, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api-client";
import { useCan } from "../../lib/can";
import { FocusKeeper } from "../focus-keeper/FocusKeeper";
import { LoadingOverlay } from "../loading/LoadingOverlay";

export interface SettingsTabProps<Settings extends { version: number }> {
  /** The tab's settings query (TanStack Query's result). */
  query: { data?: Settings; isLoading: boolean; error: unknown };
  /** What these settings govern, above the form. */
  intro?: ReactNode;
  /** The form, given the stored settings and whether the user may only read them. */
  children: (settings: Settings, readOnly: boolean) => ReactNode;
}

/**
 * A tab of Paramètres holding one settings record: loading, then a French error or the form, read-only
 * without the SETTING update right. The form is keyed by the record's version, so after a save (or another
 * user's) it starts again from the stored values, and the keyboard's focus stays where it was (FocusKeeper).
 */
export function SettingsTab<Settings extends { version: number }>({
  query,
  intro,
  children,
}: SettingsTabProps<Settings>) {
  const { can } = useCan();
  const { data, isLoading, error } = query;
  if (isLoading) return <LoadingOverlay visible />;
  if (!data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  return (
    <Stack>
      {intro}
      <FocusKeeper version={data.version}>
        <Stack key={data.version}>{children(data, !can("SETTING", "update"))}</Stack>
      </FocusKeeper>
    </Stack>
  );
}
