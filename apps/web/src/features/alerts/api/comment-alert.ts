import type { alertCommentBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** COMMENT: a note on the alert, kept in its history; the alert stays. */
export const commentAlert = (body: z.input<typeof alertCommentBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/comment", body);
export const useCommentAlert = () => useAlertMutation(commentAlert);
