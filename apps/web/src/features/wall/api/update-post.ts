import type { SavedResult, WallPostUpdate } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const updatePost = ({ id, ...body }: WallPostUpdate & { id: string }) =>
  api.put<SavedResult>(`/api/wall/posts/${id}`, body);
export const useUpdatePost = () => useWallMutation(updatePost);
