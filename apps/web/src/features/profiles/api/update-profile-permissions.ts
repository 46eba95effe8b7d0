import type { PermissionGrant, ProfileType } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileKeys } from "./keys";

export const updateProfilePermissions = (args: {
  profileType: ProfileType;
  permissions: PermissionGrant[];
  version: number;
}) =>
  api.put<{ profileType: ProfileType; version: number }>(`/api/profiles/${args.profileType}/permissions`, {
    permissions: args.permissions,
    version: args.version,
  });

export function useUpdateProfilePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfilePermissions,
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
