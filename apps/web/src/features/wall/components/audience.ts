import { WALL_AUDIENCE_LABELS, WALL_AUDIENCES, type WallAudience } from "@certidesk/shared";

export const AUDIENCE_OPTIONS = WALL_AUDIENCES.map((value) => ({ value, label: WALL_AUDIENCE_LABELS[value] }));

/** "Tout le personnel, Évaluateurs": who a post is addressed to, in words. */
export const audienceText = (audience: readonly WallAudience[]) =>
  audience.map((a) => WALL_AUDIENCE_LABELS[a] ?? a).join(", ");
