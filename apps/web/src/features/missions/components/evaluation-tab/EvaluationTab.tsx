import { Divider, Stack } from "@mantine/core";
import type { MissionTabProps } from "../mission-tabs";
import { NonConformitiesSection } from "./NonConformitiesSection";
import { ReportsSection } from "./ReportsSection";

/** Évaluation (MISSION_EVALUATION): the reports and their due dates; a certification audit's non-conformities. */
export function EvaluationTab({ mission }: MissionTabProps) {
  return (
    <Stack gap="lg">
      <ReportsSection mission={mission} />
      {mission.kind !== "ESSMS_EVALUATION" && (
        <>
          <Divider />
          <NonConformitiesSection mission={mission} />
        </>
      )}
    </Stack>
  );
}
