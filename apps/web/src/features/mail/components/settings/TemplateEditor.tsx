import type { MailTemplate } from "@certidesk/shared";
import { Alert, Button, Grid, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { errorMessage } from "../../../../lib/api-client";
import { notifySaved } from "../../../../lib/notify";
import { useUpdateMailTemplate } from "../../api/update-mail-template";
import { insertVariable } from "../../insert-variable";
import { TemplatePreview } from "./TemplatePreview";
import { VariableChips } from "./VariableChips";

type Field = "subject" | "body";

/** Edits one template: name, subject and body, with its variables and a live preview. */
export function TemplateEditor(props: { template: MailTemplate; canEdit: boolean }) {
  // Another template, or a newer version of this one, starts the editor again from what is stored.
  return <TemplateEditorForm key={`${props.template.code}:${props.template.version}`} {...props} />;
}

function TemplateEditorForm({ template, canEdit }: { template: MailTemplate; canEdit: boolean }) {
  const [name, setName] = useState(template.name);
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const update = useUpdateMailTemplate();
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Where a variable goes: the field last focused, the body by default.
  const lastField = useRef<Field>("body");

  function insert(variable: string) {
    const field = lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const current = field === "subject" ? subject : body;
    const edit = insertVariable(current, variable, element?.selectionStart, element?.selectionEnd);
    (field === "subject" ? setSubject : setBody)(edit.text);
    // Put the caret after the variable once React has written the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(edit.cursor, edit.cursor);
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await update
      .mutateAsync({ code: template.code, body: { name, subject, body, version: template.version } })
      .catch(() => null);
    if (saved) notifySaved(`Modèle « ${saved.name} » enregistré.`);
  }

  const dirty = name !== template.name || subject !== template.subject || body !== template.body;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {template.description && (
              <Text size="sm" c="dimmed">
                {template.description}
              </Text>
            )}
            {update.isError && (
              <Alert color="red" role="alert">
                {errorMessage(update.error)}
              </Alert>
            )}
            <TextInput
              label="Nom du modèle"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              disabled={!canEdit}
              maxLength={120}
            />
            <TextInput
              ref={subjectRef}
              label="Objet"
              required
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              onFocus={() => {
                lastField.current = "subject";
              }}
              disabled={!canEdit}
              maxLength={300}
            />
            <Textarea
              ref={bodyRef}
              label="Message"
              required
              autosize
              minRows={10}
              maxRows={22}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              onFocus={() => {
                lastField.current = "body";
              }}
              disabled={!canEdit}
            />
            <VariableChips variables={template.variables} onInsert={insert} disabled={!canEdit} />
            {canEdit && (
              <Group justify="flex-end">
                <Button
                  variant="default"
                  disabled={!dirty}
                  onClick={() => {
                    setName(template.name);
                    setSubject(template.subject);
                    setBody(template.body);
                  }}
                >
                  Annuler les modifications
                </Button>
                <Button type="submit" loading={update.isPending} disabled={!dirty}>
                  Enregistrer
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <TemplatePreview subject={subject} body={body} />
      </Grid.Col>
    </Grid>
  );
}
