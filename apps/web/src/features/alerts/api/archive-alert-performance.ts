import type { alertIdBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** A performance alert archived: it leaves the Performances page. */
export const archiveAlertPerformance = (body: z.input<typeof alertIdBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/archiveAlertPerformance", body);
export const useArchiveAlertPerformance = () => useAlertMutation(archiveAlertPerformance);
