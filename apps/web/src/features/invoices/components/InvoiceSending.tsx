import { formatDate, type InvoiceDetail } from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useSendInvoice } from "../api/send-invoice";

const clientFileLink = (invoice: InvoiceDetail) => `/app/timeline-client/${invoice.clientId}`;

/**
 * Where the invoice's mail stands, under its title: sent (when, to whom), waiting in the outbox, or failed
 * with the server's answer (the worker tries again by itself; "Envoyer de nouveau" does it now).
 */
export function InvoiceSendingStatus({ invoice }: { invoice: InvoiceDetail }) {
  const s = invoice.sending;
  if (invoice.kind === "CREDIT_NOTE" || invoice.status === "INVOICE_PREPARE") return null;
  const to = s?.to.join(", ") ?? "";
  if (!s)
    return invoice.status === "INVOICE_ISSUED" ? (
      <Alert color="yellow" title="Émise, non envoyée">
        La facture n'a pas encore été envoyée au client : le délai de paiement et les relances partent de son envoi.
      </Alert>
    ) : null;
  if (s.status === "SENT")
    return (
      <Text size="sm" c="dimmed">
        Envoyée le {formatDate(s.sentAt)} à {to}, avec le PDF Factur-X.
      </Text>
    );
  if (s.status === "FAILED")
    return (
      <Alert color="red" title="Échec de l'envoi" role="alert">
        <Stack gap={4}>
          <Text size="sm">
            L'e-mail à {to} n'est pas parti ({s.attempts} essai{s.attempts > 1 ? "s" : ""}) : la facture reste « émise,
            non envoyée ». Un nouvel essai automatique est prévu ; vous pouvez aussi l'envoyer de nouveau maintenant.
          </Text>
          {s.lastError && (
            <Text size="xs" c="dimmed">
              Réponse du serveur d'envoi : {s.lastError}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert color="blue" title="Envoi en cours">
      L'e-mail à {to} attend son départ dans la file d'envoi ; la facture sera « envoyée » dès qu'il sera parti.
    </Alert>
  );
}

/** "Envoyer" (or send again): confirms the address the invoice goes to, then queues its mail. */
export function SendInvoiceButton({ invoice }: { invoice: InvoiceDetail }) {
  const send = useSendInvoice();
  const [confirming, setConfirming] = useState(false);
  if (!invoice.abilities.send) return null;
  const again = invoice.sending !== null;
  const doSend = () =>
    send
      .mutateAsync({ id: invoice.id, version: invoice.version })
      .then(
        (saved) => notifySaved(`Facture ${saved.number} en cours d'envoi à ${saved.sending?.to.join(", ") ?? ""}.`),
        notifyError,
      )
      .finally(() => setConfirming(false));
  return (
    <>
      <Button
        leftSection={<IconMailForward size={16} />}
        variant={again ? "default" : "filled"}
        onClick={() => setConfirming(true)}
      >
        {invoice.sending?.status === "FAILED" ? "Envoyer de nouveau" : again ? "Renvoyer" : "Envoyer"}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Envoyer la facture ${invoice.number} ?`}
        closeButtonProps={{ "aria-label": "Fermer" }}
      >
        <Stack>
          {invoice.billingEmail ? (
            <Text size="sm">
              La facture part par e-mail à <strong>{invoice.billingEmail}</strong>, avec son PDF Factur-X en pièce
              jointe (modèle « Envoi de facture »). Elle sera « envoyée » dès que l'e-mail sera parti.
            </Text>
          ) : (
            <Alert color="orange" title="Aucune adresse e-mail de facturation">
              Renseignez l'e-mail de l'entité juridique ou de l'établissement dans la{" "}
              <Anchor component={Link} to={clientFileLink(invoice)}>
                fiche client
              </Anchor>
              , puis envoyez la facture.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button loading={send.isPending} disabled={!invoice.billingEmail} onClick={doSend}>
              Envoyer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
