import { REQUEST_REFUSAL_REASONS, type RequestDetail, refuseRequestBodySchema } from "@certidesk/shared";
import { Alert, Select, Textarea } from "@mantine/core";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useRefuseRequest } from "../api/refuse-request";

type Props = { request: RequestDetail; opened: boolean; onClose: () => void };

export function RefuseRequestModal({ request, opened, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Refuser la demande ${request.reference}`}>
      <RefuseRequestForm request={request} onClose={onClose} />
    </FormModal>
  );
}

function RefuseRequestForm({ request, onClose }: Omit<Props, "opened">) {
  const refuse = useRefuseRequest();
  const { form, submit, banner } = useZodForm({
    initialValues: { reason: null as string | null, detail: "" },
    schema: refuseRequestBodySchema,
    toBody: (values) => ({
      reason: [values.reason, values.detail.trim()].filter(Boolean).join(" — "),
      version: request.version,
    }),
  });
  const onSubmit = submit(async (body) => {
    await refuse.mutateAsync({ id: request.id, ...body });
    notifySaved(`La demande ${request.reference} est refusée.`);
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Refuser la demande"
      submitColor="red"
      submitDisabled={!form.getValues().reason}
      loading={refuse.isPending}
    >
      <Select label="Motif" required data={[...REQUEST_REFUSAL_REASONS]} {...form.getInputProps("reason")} />
      <Textarea label="Précisions" autosize minRows={2} {...form.getInputProps("detail")} />
      <Alert color="orange" variant="light">
        Les devis en cours seront marqués refusés et un contrat non signé sera annulé.
      </Alert>
    </FormContent>
  );
}
