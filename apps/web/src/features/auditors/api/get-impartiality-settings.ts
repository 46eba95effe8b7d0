import type { ImpartialitySettings } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getImpartialitySettings = () => api.get<ImpartialitySettings>("/api/settings/impartiality");
export const useImpartialitySettings = () =>
  useQuery({ queryKey: auditorKeys.impartialitySettings(), queryFn: getImpartialitySettings });
