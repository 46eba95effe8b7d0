export interface TextEdit {
  text: string;
  /** Where the caret goes afterwards: just after the inserted variable. */
  cursor: number;
}

/** The placeholder a template uses for a variable. */
export const variableToken = (name: string) => `{{${name}}}`;

/**
 * Inserts `{{name}}` at the caret, replacing the selection if any. A missing or out-of-range
 * selection (the field never had the focus) appends at the end.
 */
export function insertVariable(text: string, name: string, start?: number | null, end?: number | null): TextEdit {
  const token = variableToken(name);
  const from = start === null || start === undefined || start < 0 || start > text.length ? text.length : start;
  const to = end === null || end === undefined || end < from || end > text.length ? from : end;
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
