export type TemplateVariables = Record<string, unknown>;

function lookup(variables: TemplateVariables, path: string): unknown {
  let value: unknown = variables;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Replaces {{a.b}} with its value; an unknown variable is left visible so a missing value is noticed. */
export function renderTemplate(text: string, variables: TemplateVariables): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, path: string) => {
    const value = lookup(variables, path);
    return value === undefined || value === null || value === "" ? whole : String(value);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The HTML part of a mail: the text escaped, paragraphs kept, links made clickable. */
export function textToHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) =>
    escapeHtml(p)
      .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
      .replace(/\n/g, "<br>"),
  );
  return `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div>`;
}
