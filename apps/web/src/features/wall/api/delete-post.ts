import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const deletePost = ({ id, version }: { id: string; version: number }) =>
  api.delete<{ ok: true }>(`/api/wall/posts/${id}?version=${version}`);
export const useDeletePost = () => useWallMutation(deletePost);
