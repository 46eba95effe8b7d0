import type { alertIdBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** CONFIRM: the user confirms the case is dealt with; the alert leaves the supervision list. */
export const confirmAlert = (body: z.input<typeof alertIdBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/remove-alert-supervision", body);
export const useConfirmAlert = () => useAlertMutation(confirmAlert);
