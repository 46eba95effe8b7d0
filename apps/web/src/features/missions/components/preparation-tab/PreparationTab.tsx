import { Divider, Stack } from "@mantine/core";
import type { MissionTabProps } from "../mission-tabs";
import { PreparationDocumentsSection } from "./PreparationDocumentsSection";
import { RequestedDocumentsSection } from "./RequestedDocumentsSection";
import { VisitDaysSection } from "./VisitDaysSection";

/** Préparation (MISSION_PREPARATION): the visit days and their programme, the documents asked, the plans. */
export function PreparationTab({ mission }: MissionTabProps) {
  return (
    <Stack gap="lg">
      <VisitDaysSection mission={mission} />
      <Divider />
      <RequestedDocumentsSection mission={mission} />
      <Divider />
      <PreparationDocumentsSection mission={mission} />
    </Stack>
  );
}
