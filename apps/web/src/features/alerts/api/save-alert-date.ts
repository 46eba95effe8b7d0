import type { saveAlertDateBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** EDIT: the alert is postponed; it leaves its list until that day. */
export const saveAlertDate = (body: z.input<typeof saveAlertDateBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/saveAlertDate", body);
export const useSaveAlertDate = () => useAlertMutation(saveAlertDate);
