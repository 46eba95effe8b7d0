import type { MissionDetail } from "@certidesk/shared";
import { uploadWithProgress } from "../../../lib/upload";
import { useMissionMutation } from "./use-mission-mutation";

/** Where a mission's file goes: a preparation document (with its meta code) or one of the reports. */
export type MissionFileTarget =
  | { kind: "preparation"; metaCode: string }
  | { kind: "preliminary" }
  | { kind: "observations" }
  | { kind: "final" };

const PATHS = {
  preparation: "preparation-documents",
  preliminary: "reports/preliminary",
  observations: "reports/observations",
  final: "reports/final",
} as const;

/** The server reads the fields before the file: they come first in the form. */
export function uploadMissionFile({
  id,
  version,
  target,
  file,
}: {
  id: string;
  version: number;
  target: MissionFileTarget;
  file: File;
}) {
  const form = new FormData();
  form.append("version", String(version));
  if (target.kind === "preparation") form.append("metaCode", target.metaCode);
  form.append("file", file, file.name);
  return uploadWithProgress<MissionDetail>(`/api/missions/${id}/${PATHS[target.kind]}`, form);
}
export const useUploadMissionFile = () => useMissionMutation(uploadMissionFile);
