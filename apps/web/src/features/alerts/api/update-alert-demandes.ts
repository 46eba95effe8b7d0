import type { updateAlertDemandesBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** A request alert marked handled (it leaves the list) and/or commented. */
export const updateAlertDemandes = (body: z.input<typeof updateAlertDemandesBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/updateAlertDemandes", body);
export const useUpdateAlertDemandes = () => useAlertMutation(updateAlertDemandes);
