import type { FormErrors } from "@mantine/form";
import type { z } from "zod";

/** "a.b.0.c" from a Zod issue path. */
export const issuePath = (path: ReadonlyArray<PropertyKey>) => path.map(String).join(".");

/**
 * A Mantine form validator from a shared Zod schema. The form holds what the user typed
 * (strings); `toBody` turns it into what the API takes, and the schema checks that, so the
 * screen shows the server's own French messages, each under its field, before any request.
 */
export function zodValidate<Values>(
  schema: z.ZodType,
  toBody: (values: Values) => unknown = (v) => v,
  toFormPath: (bodyPath: string) => string | null = (p) => p,
) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      // null: the form has nothing to show for it; the server's answer will (in the banner).
      const path = toFormPath(issuePath(issue.path));
      if (path !== null && !(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
