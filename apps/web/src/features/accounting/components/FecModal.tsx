import { type FecQuery, fecQuerySchema } from "@certidesk/shared";
import { SimpleGrid, Text } from "@mantine/core";
import { DateField, FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { downloadFec } from "../api/download-fec";

const thisYear = () => {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    from: `${today.getFullYear()}-01-01`,
    to: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
  };
};

function FecForm({ onClose }: { onClose: () => void }) {
  const { form, submit, banner } = useZodForm<FecQuery, FecQuery>({
    initialValues: thisYear(),
    schema: fecQuerySchema,
  });
  const onSubmit = submit(async ({ from, to }) => {
    await downloadFec(from, to);
    onClose();
  });
  return (
    <FormContent onSubmit={onSubmit} onCancel={onClose} banner={banner} submitLabel="Télécharger">
      <Text size="sm">
        Écritures de ventes (factures et avoirs émis) et de banque (règlements reçus) de la période, au format de
        l'administration fiscale. Le nom du fichier porte le SIREN et la date de fin.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Du" required {...form.getInputProps("from")} />
        <DateField label="Au (clôture)" required {...form.getInputProps("to")} />
      </SimpleGrid>
    </FormContent>
  );
}

/** The FEC of a chosen period (by default the year to date). */
export function FecModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Fichier des écritures comptables (FEC)">
      <FecForm onClose={onClose} />
    </FormModal>
  );
}
