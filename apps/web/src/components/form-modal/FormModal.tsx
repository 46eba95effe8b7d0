import { Alert, Button, Group, Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import type { ErrorSummaryLink } from "../../lib/form/use-zod-form";
import { ErrorSummary } from "../error-summary/ErrorSummary";

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps["size"];
  /** The form component: mounted when the modal opens, so it starts from its props (no effect). */
  children: ReactNode;
}

/**
 * A modal holding one form. Its content is mounted only while it is open: the form inside
 * calls useZodForm with its record as initial values and starts afresh at every opening.
 */
export function FormModal({ opened, onClose, title, size, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} closeButtonProps={{ "aria-label": "Fermer" }}>
      {opened ? children : null}
    </Modal>
  );
}

export interface FormContentProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** What belongs to no field (a conflict, a refused action); field errors sit under their fields. */
  banner: string | null;
  /** A long form's list of its errors at the top (useZodForm's `summary`). */
  summary?: ErrorSummaryLink;
  submitLabel: string;
  loading?: boolean;
  /** The primary button stays disabled while the action is blocked (not for invalid fields: those explain themselves). */
  submitDisabled?: boolean;
  submitColor?: string;
  /** Shown left of the buttons (totals…). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The body of a form: its error summary (a long form), the banner, the fields, then Annuler and the
 * primary button on the right.
 */
export function FormContent({
  onSubmit,
  onCancel,
  banner,
  summary,
  submitLabel,
  loading,
  submitDisabled,
  submitColor,
  footer,
  children,
}: FormContentProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {summary && <ErrorSummary {...summary} headingOrder={3} />}
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        {children}
        <Group justify={footer ? "space-between" : "flex-end"} align="flex-end">
          {footer}
          <Group>
            <Button variant="default" onClick={onCancel}>
              Annuler
            </Button>
            <Button type="submit" loading={loading} disabled={submitDisabled} color={submitColor}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
