import type { SavedResult, WallPostBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useWallMutation } from "./use-wall-mutation";

export const createPost = (body: WallPostBody) => api.post<SavedResult>("/api/wall/posts", body);
export const useCreatePost = () => useWallMutation(createPost);
