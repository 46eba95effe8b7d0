import { Alert, Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";

/** The end of a form that needs a reason: the reason, Annuler and the (red) confirmation. */
export function ReasonAndConfirm({
  label,
  reason,
  onReason,
  confirmLabel,
  loading,
  ready,
  onCancel,
}: {
  label: string;
  reason: string;
  onReason: (reason: string) => void;
  confirmLabel: string;
  loading: boolean;
  ready: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Textarea
        label={label}
        required
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" color="red" loading={loading} disabled={!ready}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}

/** Asks for a reason (a refusal), then runs the action; shows the server's message on failure. */
export function ReasonModal({
  opened,
  title,
  label,
  confirmLabel,
  error,
  loading,
  onConfirm,
  onClose,
  notice,
}: {
  opened: boolean;
  title: string;
  /** What the reason answers (a warning of the planning rules), shown above the field. */
  notice?: string | null;
  label: string;
  confirmLabel: string;
  error: string | null;
  loading: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  useEffect(() => {
    if (opened) setReason("");
  }, [opened]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <Stack>
          {notice && (
            <Alert color="orange" variant="light">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <ReasonAndConfirm
            label={label}
            reason={reason}
            onReason={setReason}
            confirmLabel={confirmLabel}
            loading={loading}
            ready={!!reason.trim()}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
