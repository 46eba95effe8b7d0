import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const deleteComment = ({ id, version }: { id: string; version: number }) =>
  api.delete<{ ok: true }>(`/api/wall/comments/${id}?version=${version}`);
export const useDeleteComment = () => useWallMutation(deleteComment);
