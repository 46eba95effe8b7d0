import type { FareClass } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getFareClasses = () => api.get<FareClass[]>("/api/fare-classes");
export const useFareClasses = () => useQuery({ queryKey: auditorKeys.fareClasses(), queryFn: getFareClasses });
