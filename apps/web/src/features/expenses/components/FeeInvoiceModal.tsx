import { eurosToCents, type FeeInvoiceBody, feeInvoiceBodySchema, parseDecimal } from "@certidesk/shared";
import { FileInput, Select, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { FormContent, FormModal, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useUploadFeeInvoice } from "../api/upload-fee-invoice";

type Props = { opened: boolean; onClose: () => void; missions: Array<{ id: string; label: string }> };

/** A freelance evaluator sends their invoice for a mission (checked against daily fee × days). */
export function FeeInvoiceModal({ opened, onClose, missions }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Envoyer ma facture d'honoraires">
      <FeeInvoiceForm onClose={onClose} missions={missions} />
    </FormModal>
  );
}

function FeeInvoiceForm({ onClose, missions }: Omit<Props, "opened">) {
  const upload = useUploadFeeInvoice();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { form, submit, banner, showErrors } = useZodForm<
    { missionId: string | null; number: string; amount: string },
    FeeInvoiceBody
  >({
    initialValues: { missionId: null, number: "", amount: "" },
    schema: feeInvoiceBodySchema,
    toBody: (v) => {
      const amount = parseDecimal(v.amount);
      return {
        number: v.number,
        // More than two decimals stay unrounded: the schema then says so under the field.
        amountCents: amount === null ? (null as unknown as number) : eurosToCents(amount),
      };
    },
    toFormPath: (path) => (path === "amountCents" ? "amount" : path),
  });
  const onSubmit = submit(async (body) => {
    const missionId = form.getValues().missionId;
    if (!missionId) {
      showErrors({ missionId: "Choisissez la mission." });
      return;
    }
    if (!file) {
      setFileError("Joignez votre facture.");
      showErrors({});
      return;
    }
    await upload.mutateAsync({ missionId, body, file });
    notifySaved("Facture envoyée.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Envoyer"
      loading={upload.isPending}
    >
      <Select
        label="Mission"
        required
        searchable
        data={missions.map((m) => ({ value: m.id, label: m.label }))}
        {...form.getInputProps("missionId")}
      />
      <TextInput label="Numéro de facture" required {...form.getInputProps("number")} />
      <NumericInput label="Montant HT (€)" required {...form.getInputProps("amount")} />
      <FileInput
        label="Facture"
        required
        placeholder="Choisir un fichier (PDF)"
        value={file}
        onChange={(f) => {
          setFile(f);
          setFileError(null);
        }}
        error={fileError}
        leftSection={<IconUpload size={16} />}
      />
    </FormContent>
  );
}
