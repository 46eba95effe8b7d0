/// <reference types="vite/client" />

// docs/rgaa.md as the build reads it (the rgaaChecklist plugin of vite.config.ts).
declare module "*/rgaa.md?checklist" {
  const checklist: import("./lib/accessibility/rgaa-checklist").PublishedChecklist;
  export default checklist;
}
declare module "*/rgaa.md?checklist-summary" {
  const summary: import("./lib/accessibility/rgaa-checklist").ChecklistSummary;
  export default summary;
}
