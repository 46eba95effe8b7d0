import {
  formatDate,
  SATISFACTION_QUESTIONS,
  SATISFACTION_SCALE,
  type SatisfactionAnswerBody,
  type SatisfactionQuestionCode,
} from "@certidesk/shared";
import { Alert, Button, Paper, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadingOverlay } from "../../../components";
import { PublicPage } from "../../../components/page-footer/PageFooter";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useAnswerSatisfaction } from "../api/answer-satisfaction";
import { useSatisfactionForm } from "../api/get-satisfaction-form";

/**
 * Public page /satisfaction?token=…: the questionnaire the ESSMS receives by e-mail after the visit.
 * No account: the signed link opens it, once, until it expires.
 */
export function SatisfactionPage() {
  const { companyName } = useBranding("Questionnaire de satisfaction");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const form = useSatisfactionForm(token);
  const answer = useAnswerSatisfaction();
  const [answers, setAnswers] = useState<Partial<Record<SatisfactionQuestionCode, number>>>({});
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(answers).length < SATISFACTION_QUESTIONS.length) {
      setMissing(true);
      return;
    }
    setMissing(false);
    answer.mutate({ token, answers, comment } as SatisfactionAnswerBody);
  };

  let body: React.ReactNode;
  if (!token) body = <Alert color="red">Ce lien de questionnaire n'est pas valide.</Alert>;
  else if (form.isLoading) body = <LoadingOverlay visible />;
  else if (form.error) body = <Alert color="orange">{errorMessage(form.error)}</Alert>;
  else if (answer.isSuccess)
    body = (
      <Alert color="green" role="status">
        Merci ! Vos réponses ont bien été enregistrées.
      </Alert>
    );
  else if (form.data)
    body = (
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>
            Évaluation externe de <strong>{form.data.establishment}</strong>
            {form.data.visit ? ` (visite du ${formatDate(form.data.visit)})` : ""}, conduite par{" "}
            {form.data.evaluators.join(", ")}. Merci de nous dire ce que vous en avez pensé.
          </Text>
          {SATISFACTION_QUESTIONS.map((q) => (
            <Radio.Group
              key={q.code}
              label={q.label}
              required
              value={answers[q.code] ? String(answers[q.code]) : null}
              onChange={(v) => setAnswers((current) => ({ ...current, [q.code]: Number(v) }))}
              error={missing && !answers[q.code] ? "Choisissez une réponse." : undefined}
            >
              <Stack gap={6} mt={6}>
                {SATISFACTION_SCALE.map((s) => (
                  <Radio key={s.value} value={String(s.value)} label={s.label} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          <Textarea
            label="Commentaire (facultatif)"
            autosize
            minRows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          {answer.error && (
            <Alert color="red" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          )}
          <Button type="submit" loading={answer.isPending}>
            Envoyer mes réponses
          </Button>
        </Stack>
      </form>
    );

  return (
    <PublicPage>
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={640}>
        <Stack>
          <Title order={1} size="h2">
            Questionnaire de satisfaction
          </Title>
          <Text c="dimmed" size="sm">
            {companyName}
          </Text>
          {body}
        </Stack>
      </Paper>
    </PublicPage>
  );
}
