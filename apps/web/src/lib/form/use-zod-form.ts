import { type FormErrors, useForm } from "@mantine/form";
import { useState } from "react";
import type { z } from "zod";
import { mapServerErrors } from "./server-errors";
import { zodValidate } from "./zod-validate";

export interface ZodFormOptions<Values, Body> {
  /** What the fields start with (strings as typed, arrays for lists). */
  initialValues: Values;
  /** The shared schema the API validates the body with. */
  schema: z.ZodType;
  /** Form values → request body; default: the values themselves. */
  toBody?: (values: Values) => Body;
  /** Body path of a server error → form path; default: the same path. */
  toFormPath?: (bodyPath: string) => string | null;
}

function hasPath(values: unknown, path: string): boolean {
  let cursor: unknown = values;
  for (const key of path.split(".")) {
    if (typeof cursor !== "object" || cursor === null || !(key in cursor)) return false;
    cursor = (cursor as Record<string, unknown>)[key];
  }
  return true;
}

/** Moves the focus to the first field in error, so keyboard and screen-reader users land on it. */
export function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  });
}

/**
 * The form idiom of the app: Mantine's useForm validated by a shared Zod schema (each message
 * under its field, checked when a field is left and on submit), and the server's field errors
 * mapped back onto the same fields. The banner only carries what belongs to no field.
 */
export function useZodForm<Values extends Record<string, unknown>, Body = Values>(
  options: ZodFormOptions<Values, Body>,
) {
  const toBody = options.toBody ?? ((v: Values) => v as unknown as Body);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: options.initialValues,
    validate: zodValidate(options.schema, toBody),
    validateInputOnBlur: true,
  });
  const [banner, setBanner] = useState<string | null>(null);

  /** Validates, then calls `save` with the body; a failed call's errors land on their fields. */
  const submit = (save: (body: Body, values: Values) => Promise<unknown>) =>
    form.onSubmit(
      async (values) => {
        setBanner(null);
        try {
          await save(toBody(values), values);
        } catch (error) {
          const mapped = mapServerErrors(error, {
            toFormPath: options.toFormPath,
            isField: (path) => hasPath(values, path),
          });
          form.setErrors(mapped.fields as FormErrors);
          setBanner(mapped.banner);
          if (Object.keys(mapped.fields).length) focusFirstError();
        }
      },
      () => focusFirstError(),
    );

  return { form, submit, banner, setBanner, toBody };
}
