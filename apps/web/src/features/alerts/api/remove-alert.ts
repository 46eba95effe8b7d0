import type { alertIdBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** DELETE: the alert leaves its list for good (stored against its key, shown in its history). */
export const removeAlert = (body: z.input<typeof alertIdBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/removeAlertById", body);
export const useRemoveAlert = () => useAlertMutation(removeAlert);
