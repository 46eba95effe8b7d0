/** One field in error, as the summary lists it: the control to focus, its label, its message. */
export interface ErrorEntry {
  targetId: string;
  label: string;
  message: string;
}

/** The text of an element without what is hidden from assistive technologies (a label's « * »). */
function spokenText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

const byIds = (doc: Document, ids: string | null) =>
  (ids ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => doc.getElementById(id))
    .filter((el): el is HTMLElement => el !== null);

/**
 * The error message linked to a control: among what its aria-describedby names, the element whose id
 * ends in "-error" (Mantine's `${id}-error`, the convention for an error written by hand too).
 */
function linkedError(el: Element): string {
  const error = byIds(el.ownerDocument, el.getAttribute("aria-describedby")).find((d) => d.id.endsWith("-error"));
  return error ? spokenText(error) : "";
}

function labelOf(el: HTMLElement, control: HTMLElement): string {
  const doc = el.ownerDocument;
  const named = el.getAttribute("aria-label") ?? control.getAttribute("aria-label");
  if (named) return named.trim();
  const labelledBy = byIds(doc, el.getAttribute("aria-labelledby")).map(spokenText).join(" ");
  if (labelledBy) return labelledBy;
  const label = [...doc.getElementsByTagName("label")].find((l) => l.htmlFor !== "" && l.htmlFor === control.id);
  return label ? spokenText(label) : (control.getAttribute("placeholder") ?? "");
}

/** The named part of the form holding `el` (a section, a group with a label): what tells two « Ville » apart. */
function sectionOf(el: HTMLElement, root: ParentNode): string {
  const part = el.parentElement?.closest<HTMLElement>("section[aria-label], [role='region'][aria-label], fieldset");
  if (!part || (root instanceof Node && !root.contains(part))) return "";
  const legend = part.tagName === "FIELDSET" ? part.querySelector("legend") : null;
  return (part.getAttribute("aria-label") ?? (legend ? spokenText(legend) : "")).trim();
}

/**
 * The fields in error under `root`, in the order of the page: each control marked aria-invalid, and
 * each group of radios or checkboxes, whose error is linked by aria-describedby to an element with an
 * id ending in "-error". Two fields of the same label are told apart by the part of the form they are in. A field whose error is not linked is not listed: the link is what lets a
 * screen reader say it when the field has the focus (RGAA 11.10).
 */
export function errorEntries(root: ParentNode): ErrorEntry[] {
  const entries: Array<ErrorEntry & { section: string }> = [];
  const candidates = root.querySelectorAll<HTMLElement>(
    '[aria-invalid="true"], [role="radiogroup"][aria-describedby], [role="group"][aria-describedby]',
  );
  for (const el of candidates) {
    const message = linkedError(el);
    if (!message) continue;
    const grouped = el.matches('[role="radiogroup"], [role="group"]');
    const control = grouped ? (el.querySelector<HTMLElement>("input:checked, input") ?? el) : el;
    if (!control.id || entries.some((e) => e.targetId === control.id)) continue;
    entries.push({ targetId: control.id, label: labelOf(el, control), message, section: sectionOf(el, root) });
  }
  // Two fields of one name (the legal entity's address and the establishment's): each says its part.
  return entries.map(({ section, ...entry }) => {
    const twin = entries.filter((e) => e.label === entry.label).length > 1;
    return twin && section ? { ...entry, label: `${entry.label} – ${section}` } : entry;
  });
}

/** « 1 erreur à corriger », « 3 erreurs à corriger ». */
export const errorCountTitle = (count: number) => `${count} erreur${count > 1 ? "s" : ""} à corriger`;
