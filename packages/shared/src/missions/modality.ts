import type { MissionKind } from "./codes.js";

/**
 * Where an audit takes place. A certification audit (a surveillance audit especially) may be held remotely;
 * an ESSMS evaluation is always a visit on site (HAS cahier des charges).
 */
export const canBeRemote = (kind: MissionKind) => kind !== "ESSMS_EVALUATION";

/** « Sur site » / « À distance », as the planning form, the mission, its order and the mails say it. */
export const modalityLabel = (remote: boolean) => (remote ? "À distance" : "Sur site");

/**
 * Whether the rules that need a place apply to a mission (zone, distance from the evaluator's home, travel):
 * a remote audit has no travel, so they do not. The one condition the planning and expense rules should ask.
 */
export const needsPlace = (m: { remote: boolean }) => !m.remote;

/** What a remote audit's order and mails add to its dates: nobody travels. */
const REMOTE_AUDIT_NOTE = "audit à distance, sans déplacement";

/** The visit's dates as the mails give them ({{mission.dates}}), a remote audit saying so. */
export const datesWithModality = (dates: string, remote: boolean) =>
  remote ? `${dates} (${REMOTE_AUDIT_NOTE})` : dates;
