import type { alertIdBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { type AlertActionResult, useAlertMutation } from "./alert-mutation";

/** A link-of-interest alert archived: it leaves the Liens page. */
export const archiveAlertLinkinterest = (body: z.input<typeof alertIdBodySchema>) =>
  api.post<AlertActionResult>("/api/alerts/archiveAlertLinkinterest", body);
export const useArchiveAlertLinkinterest = () => useAlertMutation(archiveAlertLinkinterest);
