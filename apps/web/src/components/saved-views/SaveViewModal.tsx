import {
  isStaffProfile,
  PROFILE_LABELS,
  PROFILE_TYPES,
  type SavedView,
  savedViewBodySchema,
  updateSavedViewBodySchema,
} from "@certidesk/shared";
import { Select, TextInput } from "@mantine/core";
import { useZodForm } from "../../lib/form/use-zod-form";
import { notifySaved } from "../../lib/notify";
import { FormContent, FormModal } from "../form-modal/FormModal";
import { useCreateSavedView, useUpdateSavedView } from "./saved-views-api";

type FormState = { name: string; sharedProfileType: string };

export interface SaveViewModalProps {
  listKey: string;
  /** null saves the list as shown as a new view; a view is renamed or shared (its filters kept). */
  view: SavedView | null;
  /** What a new view keeps: the address's filters and columns. */
  current: { query: string; columns: string[] | null };
  /** Whether this user may share a view with a profile (SETTING in modification). */
  mayShare: boolean;
  opened: boolean;
  onClose: () => void;
}

const PROFILE_OPTIONS = PROFILE_TYPES.filter(isStaffProfile).map((p) => ({ value: p, label: PROFILE_LABELS[p] }));

/** "Enregistrer la vue" and "Renommer ou partager": a name, and the profile the view is shared with. */
export function SaveViewModal(props: SaveViewModalProps) {
  const { view, opened, onClose } = props;
  return (
    <FormModal opened={opened} onClose={onClose} title={view ? `Vue « ${view.name} »` : "Enregistrer la vue"}>
      <SaveViewForm {...props} />
    </FormModal>
  );
}

function SaveViewForm({ listKey, view, current, mayShare, onClose }: Omit<SaveViewModalProps, "opened">) {
  const create = useCreateSavedView(listKey);
  const update = useUpdateSavedView(listKey);
  const { form, submit, banner } = useZodForm({
    initialValues: { name: view?.name ?? "", sharedProfileType: view?.sharedProfileType ?? "" } as FormState,
    schema: view ? updateSavedViewBodySchema : savedViewBodySchema,
    toBody: (values) => ({
      ...(view ? { query: view.query, columns: view.columns, version: view.version } : { listKey, ...current }),
      name: values.name.trim(),
      sharedProfileType: values.sharedProfileType || null,
    }),
  });
  const onSubmit = submit(async (body) => {
    if (view) await update.mutateAsync({ id: view.id, body: body as Parameters<typeof update.mutateAsync>[0]["body"] });
    else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
    notifySaved(`Vue « ${(body as { name: string }).name} » enregistrée.`);
    onClose();
  });
  // A view already shared keeps its profile for whoever may no longer share: shown, not changeable.
  const showShare = mayShare || !!view?.sharedProfileType;
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={create.isPending || update.isPending}
    >
      <TextInput label="Nom de la vue" required maxLength={60} data-autofocus {...form.getInputProps("name")} />
      {showShare && (
        <Select
          label="Partager avec un profil"
          description="Les utilisateurs de ce profil verront la vue, sans pouvoir la modifier."
          placeholder="Personne (vue personnelle)"
          clearable
          disabled={!mayShare}
          data={PROFILE_OPTIONS}
          {...form.getInputProps("sharedProfileType")}
          value={form.getValues().sharedProfileType || null}
          onChange={(v) => form.setFieldValue("sharedProfileType", v ?? "")}
        />
      )}
    </FormContent>
  );
}
