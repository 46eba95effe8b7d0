import { formatCurrency, type QuoteDetail, type RequestDetail } from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";
import { notifySaved } from "../../../lib/notify";
import { useSendQuote } from "../api/send-quote";

/** Sends a quote by mail with its PDF (template "Envoi du devis"); blocked while the company identity is incomplete. */
export function SendQuoteModal({
  request,
  quote,
  onClose,
}: {
  request: RequestDetail;
  quote: QuoteDetail | null;
  onClose: () => void;
}) {
  const [to, setTo] = useState("");
  const send = useSendQuote();
  const { data: blocks } = useBlockActionData();
  const blocked = blocks?.blockedActions.find((a) => a.action === "QUOTE_SEND");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!quote) return;
    send.reset();
    setTo(request.contact?.email ?? "");
  }, [quote]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!quote) return;
    const recipients = to.split(/[,;\s]+/).filter(Boolean);
    const sent = await send.mutateAsync({ id: quote.id, to: recipients, version: quote.version }).catch(() => null);
    if (!sent) return;
    notifySaved(`Devis ${sent.label} envoyé à ${recipients.join(", ")}.`);
    onClose();
  }

  return (
    <Modal opened={quote !== null} onClose={onClose} title={`Envoyer le devis ${quote?.label ?? ""}`}>
      <form onSubmit={submit}>
        <Stack>
          {blocked && (
            <Alert color="orange" title="Envoi bloqué">
              {blocked.reason}{" "}
              <Anchor component={Link} to="/app/setting/general" size="sm">
                Compléter l'identité de la société
              </Anchor>
            </Alert>
          )}
          {send.isError && (
            <Alert color="red" role="alert">
              {errorMessage(send.error)}
            </Alert>
          )}
          <Text size="sm">
            Le devis ({formatCurrency(quote?.totalTTC)} TTC) est joint en PDF au message « Envoi du devis », modifiable
            dans Paramètres › E-mails.
          </Text>
          <TextInput
            label="Destinataire(s)"
            description="Séparez plusieurs adresses par une virgule."
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!!blocked || !to.trim()}>
              Envoyer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
