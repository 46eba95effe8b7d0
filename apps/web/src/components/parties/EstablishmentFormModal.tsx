import { type ClientDetail, formatPhone, type UpdateEssmsBody, updateEssmsBodySchema } from "@certidesk/shared";
import { Alert } from "@mantine/core";
import { errorMessage } from "../../lib/api-client";
import { useZodForm } from "../../lib/form/use-zod-form";
import { notifySaved } from "../../lib/notify";
import { FormContent, FormModal } from "../form-modal/FormModal";
import { LoadingOverlay } from "../loading/LoadingOverlay";
import { useEstablishment, useUpdateEstablishment } from "./parties-api";
import { bindFields, EssmsFields, type EssmsForm, essmsBody } from "./party-fields";

const toForm = (c: ClientDetail): EssmsForm => ({
  raisonSocial: c.raisonSocial,
  finess: c.finess ?? "",
  siret: c.siret ?? "",
  address: c.address ?? "",
  postalCode: c.postalCode ?? "",
  city: c.city ?? "",
  email: c.email ?? "",
  phone: formatPhone(c.phone),
  typologySector: c.typologySector,
  typologyType: c.typologyType,
  category: c.category ?? "",
  sectorDomains: c.sectorDomains,
  publicKeyTypes: c.publicKeyTypes,
  capacity: c.capacity === null ? "" : String(c.capacity),
  atc: c.atc ?? "",
  billingEmail: c.billingEmail ?? "",
  chorusBuyerSiret: c.chorusBuyerSiret ?? "",
  chorusServiceCode: c.chorusServiceCode ?? "",
  chorusEngagementNumber: c.chorusEngagementNumber ?? "",
});

function EstablishmentForm({ establishment, onClose }: { establishment: ClientDetail; onClose: () => void }) {
  const save = useUpdateEstablishment();
  const { form, submit, banner, summary } = useZodForm<EssmsForm, UpdateEssmsBody>({
    initialValues: toForm(establishment),
    schema: updateEssmsBodySchema,
    toBody: (values) => ({ ...essmsBody(values), version: establishment.version }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: establishment.id, body });
    notifySaved();
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      summary={summary}
      submitLabel="Enregistrer"
      loading={save.isPending}
    >
      <EssmsFields field={bindFields(form, "")} />
    </FormContent>
  );
}

/** Loads the establishment as it is now (its version included), then edits it. */
function LoadedEstablishmentForm({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, error, isLoading } = useEstablishment(id);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return <EstablishmentForm key={`${data.id}:${data.version}`} establishment={data} onClose={onClose} />;
}

/** Edits an establishment (ESSMS) from wherever it is shown: the client page, a request. */
export function EstablishmentFormModal({ clientId, onClose }: { clientId: string | null; onClose: () => void }) {
  return (
    <FormModal opened={clientId !== null} onClose={onClose} title="Modifier l'établissement" size="xl">
      {clientId && <LoadedEstablishmentForm id={clientId} onClose={onClose} />}
    </FormModal>
  );
}
