import type { SatisfactionAnswerBody } from "@certidesk/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const answerSatisfaction = (body: SatisfactionAnswerBody) => api.post<{ ok: true }>("/api/satisfaction", body);
export const useAnswerSatisfaction = () => useMutation({ mutationFn: answerSatisfaction });
