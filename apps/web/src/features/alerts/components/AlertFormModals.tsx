import { type AlertRow, alertCommentBodySchema, formatDate, toIsoDay } from "@certidesk/shared";
import { Text, Textarea } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { DateField, FormContent, FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";

interface AlertFormProps {
  row: AlertRow | null;
  onClose: () => void;
  /** Stores the action; rejects with the server's error, shown in the banner. */
  onSubmit: (row: AlertRow, value: string) => Promise<unknown>;
  loading: boolean;
}

/** The day after `now`, YYYY-MM-DD: a postponement is to a day to come. */
export function tomorrowOf(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return toIsoDay(next) ?? "";
}

function AlertSubject({ row }: { row: AlertRow }) {
  return (
    <Text size="sm" c="dimmed">
      {row.alertTitle.title}
      {row.raisonSocial ? ` — ${row.raisonSocial}` : ""}
    </Text>
  );
}

function PostponeForm({ row, onClose, onSubmit, loading }: AlertFormProps & { row: AlertRow }) {
  const min = tomorrowOf();
  const [date, setDate] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!date) return setFieldError("Choisissez la date de reprise de l'alerte.");
    if (date < min) return setFieldError(`Choisissez une date à partir du ${formatDate(min)}.`);
    setFieldError(null);
    await onSubmit(row, date).then(onClose, (error: unknown) => setBanner(errorMessage(error)));
  }
  return (
    <FormContent onSubmit={submit} onCancel={onClose} banner={banner} submitLabel="Reporter" loading={loading}>
      <AlertSubject row={row} />
      <DateField
        label="Reporter jusqu'au"
        description="L'alerte quitte la liste jusqu'à cette date."
        required
        minDate={min}
        value={date}
        onChange={setDate}
        error={fieldError}
        data-autofocus
      />
    </FormContent>
  );
}

/** EDIT: postpone the alert to a day (saveAlertDate), with the French date picker. */
export function PostponeAlertModal(props: AlertFormProps) {
  return (
    <FormModal opened={props.row !== null} onClose={props.onClose} title="Reporter l'alerte">
      {props.row && <PostponeForm {...props} row={props.row} />}
    </FormModal>
  );
}

function CommentForm({ row, onClose, onSubmit, loading }: AlertFormProps & { row: AlertRow }) {
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = alertCommentBodySchema.shape.text.safeParse(text);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "Commentaire invalide.");
    setFieldError(null);
    await onSubmit(row, parsed.data).then(onClose, (error: unknown) => setBanner(errorMessage(error)));
  }
  return (
    <FormContent onSubmit={submit} onCancel={onClose} banner={banner} submitLabel="Enregistrer" loading={loading}>
      <AlertSubject row={row} />
      <Textarea
        label="Commentaire"
        description="Il reste dans l'historique de l'alerte ; l'alerte reste dans la liste."
        required
        autosize
        minRows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={fieldError}
        data-autofocus
      />
    </FormContent>
  );
}

/** COMMENT: a note on an alert that stays (not removable). */
export function CommentAlertModal(props: AlertFormProps) {
  return (
    <FormModal opened={props.row !== null} onClose={props.onClose} title="Commenter l'alerte">
      {props.row && <CommentForm {...props} row={props.row} />}
    </FormModal>
  );
}
