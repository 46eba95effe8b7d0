import type { SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const addComment = ({ postId, text }: { postId: string; text: string }) =>
  api.post<SavedResult>(`/api/wall/posts/${postId}/comments`, { text });
export const useAddComment = () => useWallMutation(addComment);
