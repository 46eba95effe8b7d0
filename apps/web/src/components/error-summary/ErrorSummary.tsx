import { Anchor, List, Paper, Title, type TitleOrder } from "@mantine/core";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { ErrorSummaryLink } from "../../lib/form/use-zod-form";
import classes from "./ErrorSummary.module.css";
import { type ErrorEntry, errorCountTitle, errorEntries } from "./error-entries";

export interface ErrorSummaryProps extends ErrorSummaryLink {
  /** 2 on a page under its h1, 3 in a dialog under its title. */
  headingOrder?: TitleOrder;
}

/** Moves the focus to a field of the summary, and brings it into view. */
function focusField(id: string) {
  const field = document.getElementById(id);
  field?.focus();
  field?.scrollIntoView?.({ block: "center" });
}

/**
 * The errors of a long form, listed at its top when a submit fails (RGAA 11.10, 11.11): « N erreurs
 * à corriger », then each field's label and message, a link that puts the focus in that field. It
 * takes the focus itself, so the keyboard starts from the list. The list is read from the form as
 * shown (each field marked aria-invalid, its message linked by aria-describedby) and stays as it was
 * until the next submit, as a list of what was refused; a submit that passes the checks clears it.
 */
export function ErrorSummary({ request, mounted, headingOrder = 2 }: ErrorSummaryProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [entries, setEntries] = useState<ErrorEntry[]>([]);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, [mounted]);
  // Read once the errors of this submit are on screen: the form commits them with the request.
  useLayoutEffect(() => {
    const form = request > 0 ? anchor.current?.closest("form") : null;
    setEntries(form ? errorEntries(form) : []);
  }, [request]);
  useEffect(() => {
    if (request <= 0 || entries.length === 0) return;
    // Brought whole into view: the focus alone would stop at the top edge, under a dialog's title bar.
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView?.({ block: "center" });
  }, [entries, request]);
  return (
    <>
      <span ref={anchor} hidden />
      {entries.length > 0 && (
        <Paper
          ref={box}
          role="alert"
          tabIndex={-1}
          aria-labelledby={headingId}
          p="md"
          bg="var(--mantine-color-red-light)"
          className={classes.summary}
        >
          <Title order={headingOrder} size="h5" id={headingId} mb="xs">
            {errorCountTitle(entries.length)}
          </Title>
          <List size="sm" spacing={4}>
            {entries.map((e) => (
              <List.Item key={e.targetId}>
                <Anchor
                  href={`#${e.targetId}`}
                  size="sm"
                  c="red.9"
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(e.targetId);
                  }}
                >
                  {e.label ? `${e.label} : ${e.message}` : e.message}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}
