import { type FormErrors, useForm } from "@mantine/form";
import { type RefObject, useEffect, useRef, useState } from "react";
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
  /** Body path of an error (the schema's or the server's) → form path; default: the same path. */
  toFormPath?: (bodyPath: string) => string | null;
}

/** What a form's error summary (components/error-summary/ErrorSummary.tsx) takes from useZodForm. */
export interface ErrorSummaryLink {
  /**
   * Positive and new at each submit that ends with errors on fields (the summary lists them again and
   * takes the focus); zero or negative once a submit passes the checks (the summary goes).
   */
  request: number;
  /** True while a summary is on the form: the focus goes to it, not to the first field in error. */
  mounted: RefObject<boolean>;
}

function valueAt(values: unknown, path: string): unknown {
  let cursor = values;
  for (const key of path.split(".")) {
    if (typeof cursor !== "object" || cursor === null) return undefined;
    cursor = (cursor as Record<string, unknown>)[key];
  }
  return cursor;
}

/** Moves the focus to the first field in error, so keyboard and screen-reader users land on it. */
export function focusFirstError() {
  const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  field?.scrollIntoView?.({ block: "center", behavior: "smooth" });
}

/**
 * The form idiom of the app: Mantine's useForm validated by a shared Zod schema (each message
 * under its field, checked on submit), and the server's field errors
 * mapped back onto the same fields. The banner only carries what belongs to no field.
 */
export function useZodForm<Values extends Record<string, unknown>, Body = Values>(
  options: ZodFormOptions<Values, Body>,
) {
  const toBody = options.toBody ?? ((v: Values) => v as unknown as Body);
  // The server's field errors stay while their field keeps the value the server refused
  // (validating on blur must not wipe them), and go once the user changes it.
  const serverErrors = useRef(new Map<string, { message: string; value: unknown }>());
  const clientValidate = zodValidate(options.schema, toBody, options.toFormPath);
  const validate = (values: Values): FormErrors => {
    const errors = clientValidate(values);
    for (const [path, refused] of serverErrors.current) {
      if (!Object.is(valueAt(values, path), refused.value)) serverErrors.current.delete(path);
      else if (!(path in errors)) errors[path] = refused.message;
    }
    return errors;
  };
  // The paths that have an input on screen: an error elsewhere would be invisible, so it goes to the banner.
  const fields = useRef(new Set<string>());
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: options.initialValues,
    validate,
    // Checked on submit, not on blur: an error appearing when a field is left moves the buttons
    // under the pointer, and the click meant for "Enregistrer" would land elsewhere. A field's
    // message goes as soon as it is edited (clearInputErrorOnChange).
    enhanceGetInputProps: ({ field }) => {
      fields.current.add(String(field));
      return {};
    },
  });
  const [banner, setBanner] = useState<string | null>(null);
  // Focus once the errors are on screen (after React has committed them), not when they are set.
  const [focusRequest, setFocusRequest] = useState(0);
  const summaryMounted = useRef(false);
  useEffect(() => {
    if (focusRequest > 0 && !summaryMounted.current) focusFirstError();
  }, [focusRequest]);
  // Always a new value, even when a clear and a request land in one render.
  const requestFocus = () => setFocusRequest((n) => Math.abs(n) + 1);
  const clearSummary = () => setFocusRequest((n) => -Math.abs(n));
  const isField = (path: string) => fields.current.has(path);
  /** Messages of errors that no input on screen shows. */
  const unshown = (errors: FormErrors) => {
    const messages = Object.entries(errors)
      .filter(([path]) => !isField(path))
      .map(([, message]) => String(message));
    return messages.length ? [...new Set(messages)].join(" ") : null;
  };

  /** Validates, then calls `save` with the body; a failed call's errors land on their fields. */
  const submit = (save: (body: Body, values: Values) => Promise<unknown>) =>
    form.onSubmit(
      async (values) => {
        setBanner(null);
        // A new try: the summary of the last one goes (and comes back if this one fails too).
        clearSummary();
        try {
          await save(toBody(values), values);
        } catch (error) {
          const mapped = mapServerErrors(error, { toFormPath: options.toFormPath, isField });
          serverErrors.current = new Map(
            Object.entries(mapped.fields).map(([path, message]) => [
              path,
              { message: String(message), value: valueAt(values, path) },
            ]),
          );
          form.setErrors(mapped.fields as FormErrors);
          setBanner(mapped.banner);
          if (Object.keys(mapped.fields).length) requestFocus();
        }
      },
      (errors) => {
        setBanner(unshown(errors));
        requestFocus();
      },
    );

  /**
   * Errors found by the screen's own checks, outside the schema (a receipt not attached, a date the
   * schema cannot judge): under their fields, in the summary and with the focus, as the schema's are.
   */
  const showErrors = (errors: FormErrors) => {
    // As an update of the errors being set (the submit's check has just cleared them): Mantine's
    // setFieldError skips a message its last render already shows, and the clear would then win.
    form.setErrors((current) => ({ ...current, ...errors }));
    requestFocus();
  };

  const summary: ErrorSummaryLink = { request: focusRequest, mounted: summaryMounted };
  return { form, submit, banner, setBanner, toBody, summary, showErrors };
}
