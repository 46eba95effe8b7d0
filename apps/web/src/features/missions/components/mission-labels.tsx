import { MISSION_STATE_LABELS, type MissionState } from "@certidesk/shared";
import { Badge } from "@mantine/core";

const STATE_COLORS: Record<MissionState, string> = {
  TO_PLAN: "orange",
  PLANNED: "blue",
  VISIT_PAST: "grape",
  REPORT_LATE: "red",
  FINALISED: "green",
};

/** Where a mission stands (à programmer… finalisée), in French. */
export function MissionStateBadge({ state }: { state: MissionState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {MISSION_STATE_LABELS[state]}
    </Badge>
  );
}
