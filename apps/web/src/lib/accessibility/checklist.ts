// The checklist as the statement shows it: the build's reading of docs/rgaa.md (the `rgaaChecklist` plugin
// of vite.config.ts, which fails the build on a malformed row), never a copy typed by hand.
import checklist from "../../../../../docs/rgaa.md?checklist";

export const RGAA_CHECKLIST = checklist;
