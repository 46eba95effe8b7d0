import { type AuditorDocumentState, DOCUMENT_STATE_LABELS } from "@certidesk/shared";
import { Badge } from "@mantine/core";

const STATE_COLORS: Record<AuditorDocumentState, string> = {
  OK: "green",
  EXPIRING: "orange",
  MISSING_OR_EXPIRED: "red",
};

export function DocumentStateBadge({ state }: { state: AuditorDocumentState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {DOCUMENT_STATE_LABELS[state]}
    </Badge>
  );
}

/** Départements of metropolitan France and overseas, for zone and residence filters. */
export const DEPARTEMENTS = [
  ...Array.from({ length: 95 }, (_, i) => String(i + 1).padStart(2, "0")).filter((d) => d !== "20"),
  "2A",
  "2B",
  "971",
  "972",
  "973",
  "974",
  "976",
].sort();
