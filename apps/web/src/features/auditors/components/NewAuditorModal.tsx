import { type AuditorBody, auditorBodySchema } from "@certidesk/shared";
import { useNavigate } from "react-router";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useCreateAuditor } from "../api/create-auditor";
import { AuditorFields } from "./AuditorFields";

const EMPTY: AuditorBody = {
  civility: null,
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  mobilePhone: "",
  address: "",
  postalCode: "",
  city: "",
  status: "SALARIE",
  siret: "",
  active: true,
  sectorDomains: [],
  publicTypes: [],
  referentielTrainingDate: null,
  roles: ["EVALUATOR"],
  languages: [],
  zones: [],
  maxMissionsPerMonth: null,
  dailyFee: null,
  fareClassId: null,
  comment: "",
};

function NewAuditorForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateAuditor();
  const { form, submit, banner } = useZodForm<AuditorBody>({ initialValues: EMPTY, schema: auditorBodySchema });
  const save = submit(async (body) => {
    const created = await create.mutateAsync(body);
    notifySaved("Fiche évaluateur créée.");
    onClose();
    navigate(`/app/evaluateur/${created.id}?onglet=competences`);
  });
  return (
    <FormContent
      onSubmit={save}
      onCancel={onClose}
      banner={banner}
      submitLabel="Créer la fiche"
      loading={create.isPending}
    >
      <AuditorFields form={form} section="identite" staff />
    </FormContent>
  );
}

export function NewAuditorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Nouvel évaluateur" size="lg">
      <NewAuditorForm onClose={onClose} />
    </FormModal>
  );
}
