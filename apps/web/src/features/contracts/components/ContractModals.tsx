import { type ContractDetail, sendContractBodySchema, signContractBodySchema, toIsoDay } from "@certidesk/shared";
import { Alert, Anchor, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { DateField, FormContent, FormModal } from "../../../components";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useSendContract } from "../api/send-contract";
import { useSignContract } from "../api/sign-contract";

/** Today in Paris, as the API's calendar days. */
const today = () => toIsoDay(new Date()) ?? "";

export function SignContractModal({
  contract,
  opened,
  onClose,
}: {
  contract: ContractDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Contrat ${contract.number} signé`}>
      <SignContractForm contract={contract} onClose={onClose} />
    </FormModal>
  );
}

function SignContractForm({ contract, onClose }: { contract: ContractDetail; onClose: () => void }) {
  const sign = useSignContract();
  const { form, submit, banner } = useZodForm({
    initialValues: { signatureDate: today() },
    schema: signContractBodySchema,
    toBody: (values) => ({ signatureDate: values.signatureDate, version: contract.version }),
  });
  const onSubmit = submit(async (body) => {
    await sign.mutateAsync({ id: contract.id, ...body });
    notifySaved(
      `Contrat ${contract.number} signé : ${contract.establishments.map((e) => e.raisonSocial).join(", ")} ${contract.establishments.length > 1 ? "deviennent clients" : "devient client"}.`,
    );
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer la signature"
      submitColor="green"
      loading={sign.isPending}
    >
      <DateField label="Date de signature" required maxDate={today()} {...form.getInputProps("signatureDate")} />
      <Text size="sm" c="dimmed">
        Les établissements du contrat deviennent clients ; leur évaluation est « à programmer » tant que le programme
        n'a pas de dates.
      </Text>
    </FormContent>
  );
}

const recipientsOf = (text: string) => text.split(/[,;\s]+/).filter(Boolean);

export function SendContractModal({
  contract,
  opened,
  onClose,
}: {
  contract: ContractDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Envoyer le contrat ${contract.number}`}>
      <SendContractForm contract={contract} onClose={onClose} />
    </FormModal>
  );
}

function SendContractForm({ contract, onClose }: { contract: ContractDetail; onClose: () => void }) {
  const send = useSendContract();
  const { data: blocks } = useBlockActionData();
  const blocked = blocks?.blockedActions.find((a) => a.action === "CONTRACT_SEND");
  const { form, submit, banner } = useZodForm({
    initialValues: { to: contract.contactEmail ?? "" },
    schema: sendContractBodySchema.refine((v) => (v.to?.length ?? 0) > 0, {
      message: "Indiquez au moins un destinataire.",
      path: ["to"],
    }),
    toBody: (values) => ({ to: recipientsOf(values.to), version: contract.version }),
    // "to.1" is the second address typed in the one field.
    toFormPath: (path) => (path.startsWith("to") ? "to" : path),
  });
  const onSubmit = submit(async (body) => {
    await send.mutateAsync({ id: contract.id, to: body.to ?? [], version: body.version });
    notifySaved(`Contrat ${contract.number} envoyé pour signature.`);
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
      {contract.programmeIssues.length > 0 && (
        <Alert color="orange" variant="light">
          Le programme est incomplet ({contract.programmeIssues.join(" ")}). Il devra l'être avant la visite.
        </Alert>
      )}
      <Stack gap={4}>
        <Text size="sm">
          Le contrat est joint en PDF au message « Envoi du contrat » ; sans date limite, il est à retourner sous 30
          jours.
        </Text>
      </Stack>
      <TextInput label="Destinataire(s)" required {...form.getInputProps("to")} />
    </FormContent>
  );
}
