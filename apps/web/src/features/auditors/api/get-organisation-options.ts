import type { OrganisationType } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getOrganisationOptions = (type: OrganisationType, search: string) =>
  api.get<Array<{ value: string; label: string }>>(
    `/api/auditors/organisation-options${toQuery({ type, search: search || undefined })}`,
  );
export const useOrganisationOptions = (type: OrganisationType, search: string) =>
  useQuery({
    queryKey: auditorKeys.organisationOptions(type, search),
    queryFn: () => getOrganisationOptions(type, search),
  });
