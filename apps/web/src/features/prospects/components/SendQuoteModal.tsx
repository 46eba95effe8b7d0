import { formatCurrency, type QuoteDetail, type RequestDetail, sendQuoteBodySchema } from "@certidesk/shared";
import { Alert, Anchor, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { FormContent, FormModal } from "../../../components";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useSendQuote } from "../api/send-quote";

const recipientsOf = (text: string) => text.split(/[,;\s]+/).filter(Boolean);

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
  return (
    <FormModal opened={quote !== null} onClose={onClose} title={`Envoyer le devis ${quote?.label ?? ""}`}>
      {quote && <SendQuoteForm key={quote.id} request={request} quote={quote} onClose={onClose} />}
    </FormModal>
  );
}

function SendQuoteForm({
  request,
  quote,
  onClose,
}: {
  request: RequestDetail;
  quote: QuoteDetail;
  onClose: () => void;
}) {
  const send = useSendQuote();
  const { data: blocks } = useBlockActionData();
  const blocked = blocks?.blockedActions.find((a) => a.action === "QUOTE_SEND");
  const { form, submit, banner } = useZodForm({
    initialValues: { to: request.contact?.email ?? "" },
    schema: sendQuoteBodySchema.refine((v) => (v.to?.length ?? 0) > 0, {
      message: "Indiquez au moins un destinataire.",
      path: ["to"],
    }),
    toBody: (values) => ({ to: recipientsOf(values.to), version: quote.version }),
    // "to.1" is the second address typed in the one field.
    toFormPath: (path) => (path.startsWith("to") ? "to" : path),
  });
  const onSubmit = submit(async (body) => {
    const recipients = body.to ?? [];
    const sent = await send.mutateAsync({ id: quote.id, to: recipients, version: body.version });
    notifySaved(`Devis ${sent.label} envoyé à ${recipients.join(", ")}.`);
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Envoyer"
      submitDisabled={!!blocked}
      loading={send.isPending}
    >
      {blocked && (
        <Alert color="orange" title="Envoi bloqué">
          {blocked.reason}{" "}
          <Anchor component={Link} to="/app/setting/general" size="sm">
            Compléter l'identité de la société
          </Anchor>
        </Alert>
      )}
      <Text size="sm">
        Le devis ({formatCurrency(quote.totalTTC)} TTC) est joint en PDF au message « Envoi du devis », modifiable dans
        Paramètres › E-mails.
      </Text>
      <TextInput
        label="Destinataire(s)"
        description="Séparez plusieurs adresses par une virgule."
        required
        {...form.getInputProps("to")}
      />
    </FormContent>
  );
}
