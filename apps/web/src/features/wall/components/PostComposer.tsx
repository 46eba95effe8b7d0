import { type WallAudience, type WallPost, wallPostBodySchema } from "@certidesk/shared";
import { Alert, Button, Group, MultiSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { OnOffSwitch } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useCreatePost } from "../api/create-post";
import { useUpdatePost } from "../api/update-post";
import { AUDIENCE_OPTIONS } from "./audience";
import { LibraryPicker, type PickedDocument } from "./LibraryPicker";

interface Values extends Record<string, unknown> {
  title: string;
  text: string;
  audience: WallAudience[];
  pinned: boolean;
  documents: PickedDocument[];
}

const toBody = (v: Values) => ({
  title: v.title,
  text: v.text,
  audience: v.audience,
  pinned: v.pinned,
  documentIds: v.documents.map((d) => d.value),
});

/**
 * Writes a post or edits one (`post`): text with its line breaks, the audience (the whole staff or
 * chosen profiles, evaluators included), the OUI/NON pin for those who may, library attachments.
 */
export function PostComposer({ post, canPin, onDone }: { post?: WallPost; canPin: boolean; onDone?: () => void }) {
  const create = useCreatePost();
  const update = useUpdatePost();
  const initialValues: Values = {
    title: post?.title ?? "",
    text: post?.text ?? "",
    audience: post?.audience ?? ["STAFF"],
    pinned: post?.pinned ?? false,
    documents: post?.attachments.map((a) => ({ value: a.id, label: a.name })) ?? [],
  };
  const { form, submit, banner } = useZodForm<Values, ReturnType<typeof toBody>>({
    initialValues,
    schema: wallPostBodySchema,
    toBody,
    toFormPath: (path) => (path.startsWith("documentIds") ? "documents" : (path.split(".")[0] ?? path)),
  });
  const onSubmit = submit(async (body) => {
    if (post) {
      await update.mutateAsync({ id: post.id, version: post.version, ...body });
      notifySaved("La publication est modifiée.");
    } else {
      await create.mutateAsync(body);
      notifySaved("La publication est en ligne.");
      form.reset();
    }
    onDone?.();
  });
  const pinInput = form.getInputProps("pinned", { type: "checkbox" });
  const docsInput = form.getInputProps("documents");
  return (
    <form onSubmit={onSubmit} noValidate aria-label={post ? "Modifier la publication" : "Nouvelle publication"}>
      <Stack gap="sm">
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        <TextInput label="Titre (facultatif)" maxLength={200} {...form.getInputProps("title")} />
        <Textarea label="Message" required autosize minRows={3} maxRows={12} {...form.getInputProps("text")} />
        <MultiSelect
          label="Destinataires"
          required
          data={AUDIENCE_OPTIONS}
          searchable
          {...form.getInputProps("audience")}
        />
        <LibraryPicker value={docsInput.value} onChange={docsInput.onChange} error={docsInput.error} />
        {canPin && (
          <OnOffSwitch
            label="Épingler en annonce"
            checked={Boolean(pinInput.checked)}
            onChange={(checked) => form.setFieldValue("pinned", checked)}
          />
        )}
        <Group justify="flex-end">
          {onDone && post && (
            <Button variant="default" onClick={onDone}>
              Annuler
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {post ? "Enregistrer" : "Publier"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
