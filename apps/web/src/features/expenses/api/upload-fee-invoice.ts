import type { FeeInvoiceBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { MissionFees } from "./get-mission-fees";
import { expenseKeys } from "./keys";

/** POST /api/missions/{id}/fees/invoice: the freelance evaluator's invoice (number, amount) and its file. */
export function uploadFeeInvoice(missionId: string, body: FeeInvoiceBody, file: File) {
  const form = new FormData();
  form.set("invoice", JSON.stringify(body));
  form.set("file", file);
  return api.upload<MissionFees>(`/api/missions/${missionId}/fees/invoice`, form);
}
export function useUploadFeeInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ missionId, body, file }: { missionId: string; body: FeeInvoiceBody; file: File }) =>
      uploadFeeInvoice(missionId, body, file),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
