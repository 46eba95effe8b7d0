// Only the figures of docs/rgaa.md (`?checklist-summary`, a few bytes): every page's footer shows the
// conformance state, and /login must not download the checklist for it.
import summary from "../../../../../docs/rgaa.md?checklist-summary";

export const RGAA_SUMMARY = summary;

/** The public page of the statement (no sign-in). */
export const ACCESSIBILITY_STATEMENT_PATH = "/accessibilite";
