import type { SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const updateComment = ({ id, text, version }: { id: string; text: string; version: number }) =>
  api.put<SavedResult>(`/api/wall/comments/${id}`, { text, version });
export const useUpdateComment = () => useWallMutation(updateComment);
