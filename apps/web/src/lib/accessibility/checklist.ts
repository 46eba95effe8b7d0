// docs/rgaa.md, read by Vite when the app is built (`?raw`: the file's text as a string), so the rate
// and the non-conformities shown are always those of the checklist in the same commit.
import markdown from "../../../../../docs/rgaa.md?raw";
import { parseChecklist, summarise } from "./rgaa-checklist";

/** The checklist as the statement shows it; its soundness is checked by checklist.test.ts. */
export const RGAA_CHECKLIST = parseChecklist(markdown);
export const RGAA_SUMMARY = summarise(RGAA_CHECKLIST.criteria);

/** The public page of the statement (no sign-in). */
export const ACCESSIBILITY_STATEMENT_PATH = "/accessibilite";
