import type { alertIdBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** Sends the satisfaction questionnaire of the mission to its evaluators (Performances page). */
export const sendSatisfactionToAuditor = (body: z.input<typeof alertIdBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/sendSatisfactionToAuditor", body);
export const useSendSatisfactionToAuditor = () => useAlertMutation(sendSatisfactionToAuditor);
