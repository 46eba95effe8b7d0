import type { Configuration } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append("file", file);
  return api.upload<Configuration>("/configuration/logo", form);
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadLogo, onSuccess: (saved) => client.setQueryData(["configuration"], saved) });
}
