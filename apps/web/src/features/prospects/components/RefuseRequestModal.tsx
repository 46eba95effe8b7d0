import { REQUEST_REFUSAL_REASONS, type RequestDetail } from "@certidesk/shared";
import { Alert, Button, Group, Modal, Select, Stack, Textarea } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useRefuseRequest } from "../api/refuse-request";

export function RefuseRequestModal({
  request,
  opened,
  onClose,
}: {
  request: RequestDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [detail, setDetail] = useState("");
  const refuse = useRefuseRequest();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    refuse.reset();
    setReason(null);
    setDetail("");
  }, [opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = [reason, detail.trim()].filter(Boolean).join(" — ");
    const ok = await refuse.mutateAsync({ id: request.id, reason: text, version: request.version }).catch(() => null);
    if (!ok) return;
    notifySaved(`La demande ${request.reference} est refusée.`);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Refuser la demande ${request.reference}`}>
      <form onSubmit={submit}>
        <Stack>
          {refuse.isError && (
            <Alert color="red" role="alert">
              {errorMessage(refuse.error)}
            </Alert>
          )}
          <Select label="Motif" required data={[...REQUEST_REFUSAL_REASONS]} value={reason} onChange={setReason} />
          <Textarea
            label="Précisions"
            autosize
            minRows={2}
            value={detail}
            onChange={(e) => setDetail(e.currentTarget.value)}
          />
          <Alert color="orange" variant="light">
            Les devis en cours seront marqués refusés et un contrat non signé sera annulé.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={refuse.isPending} disabled={!reason}>
              Refuser la demande
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
