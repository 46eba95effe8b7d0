import type { FormErrors } from "@mantine/form";
import { ApiError, errorMessage } from "../api-client";

export interface FieldDetail {
  path: string;
  message: string;
}

const REQUEST_PARTS = new Set(["body", "query", "params", "querystring"]);

/**
 * The field errors of an API answer: `details[]` items carrying a path ("body.lines.0.days",
 * "/lines/0/days" or ["lines", 0, "days"]) and a message. The request part ("body", "query",
 * "params") is dropped so the path is the body's own.
 */
export function fieldDetails(error: unknown): FieldDetail[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const out: FieldDetail[] = [];
  for (const item of error.details as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== "string") continue;
    const parts = Array.isArray(path)
      ? path.map(String)
      : typeof path === "string"
        ? path.split(/[./]/).filter(Boolean)
        : [];
    if (REQUEST_PARTS.has(parts[0] ?? "")) parts.shift();
    out.push({ path: parts.join("."), message });
  }
  return out;
}

export interface ServerErrorMapping {
  /** Body path → form path; null when the form has no such field. Default: the same path. */
  toFormPath?: (bodyPath: string) => string | null;
  /** Whether the form shows a field at this path (an error elsewhere would be invisible). */
  isField: (formPath: string) => boolean;
}

/**
 * Splits a failed call into field errors (shown under their fields) and what is left for the
 * banner: the messages no field took, or the call's message when no field took anything.
 */
export function mapServerErrors(
  error: unknown,
  mapping: ServerErrorMapping,
): { fields: FormErrors; banner: string | null } {
  const fields: FormErrors = {};
  const leftOver: string[] = [];
  for (const detail of fieldDetails(error)) {
    const path = detail.path ? (mapping.toFormPath ?? ((p: string) => p))(detail.path) : null;
    if (path && mapping.isField(path)) {
      if (!(path in fields)) fields[path] = detail.message;
    } else if (!leftOver.includes(detail.message)) leftOver.push(detail.message);
  }
  if (Object.keys(fields).length === 0) return { fields, banner: errorMessage(error) };
  return { fields, banner: leftOver.length ? leftOver.join(" ") : null };
}
