import type { Configuration, UpdateConfigurationBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateConfiguration = ({ id, body }: { id: string; body: UpdateConfigurationBody }) =>
  api.post<Configuration>(`/configuration/updateConfiguration/${id}`, body);

export function useUpdateConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateConfiguration,
    onSuccess: (saved) => client.setQueryData(["configuration"], saved),
  });
}
