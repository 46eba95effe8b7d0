import { formatDate } from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Image, List, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PublicPage } from "../../../components/page-footer/PageFooter";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { type OrderByLink, useAnswerOrderByLink, useOrderByLink } from "../api/order-by-link";

const ANSWERED: Record<string, string> = {
  ACCEPT: "Vous avez accepté cet ordre de mission : la visite figure dans votre espace évaluateur.",
  REFUSE: "Vous avez refusé cet ordre de mission.",
};
const SIGN_IN = "Connectez-vous à votre espace évaluateur pour retrouver vos missions.";

function Frame({ children }: { children: React.ReactNode }) {
  const { companyName, logoUrl } = useBranding("Ordre de mission");
  return (
    <PublicPage>
      <Paper withBorder shadow="sm" p="lg" radius="md" w={520} maw="100%">
        <Stack>
          <Stack gap={4} align="center">
            {logoUrl && <Image src={logoUrl} alt="" h={48} w="auto" fit="contain" />}
            <Text c="dimmed" size="sm">
              {companyName}
            </Text>
            <Title order={1} size="h2" ta="center">
              Ordre de mission
            </Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </PublicPage>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <>
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/login" size="sm">
        {SIGN_IN}
      </Anchor>
    </>
  );
}

function Summary({ order }: { order: OrderByLink }) {
  return (
    <Stack gap={4}>
      <Text>
        <Text span fw={600}>
          {order.auditorName}
        </Text>
        , vous êtes attendu(e) pour l'évaluation de{" "}
        <Text span fw={600}>
          {order.raisonSocial}
        </Text>
        {order.city ? ` (${order.city})` : ""}.
      </Text>
      <Text size="sm" fw={600} mt="xs" component="h2">
        Jours de visite
      </Text>
      {order.days.length ? (
        <List size="sm" spacing={2}>
          {order.days.map((d) => (
            <List.Item key={d.day}>
              {formatDate(d.day)} · {d.timeSlot}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Dates à fixer</Text>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        L'ordre de mission complet (honoraires, déplacements, déclaration d'impartialité) est joint à l'e-mail.
      </Text>
    </Stack>
  );
}

/**
 * Public page /ordre-de-mission?p=…&token=…, opened from the signed link of the mission-order mail:
 * no account needed; the evaluator reads the order's summary and accepts it, or refuses it with a
 * reason. An expired, already answered or invalid link says so in French.
 */
export function OrderAnswerPage() {
  const [params] = useSearchParams();
  const p = params.get("p") ?? "";
  const token = params.get("token") ?? "";
  const complete = !!p && !!token;
  const order = useOrderByLink(p, token);
  const answer = useAnswerOrderByLink(p, token);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (!complete) return <Frame>{<Problem message="Ce lien est incomplet : ouvrez le lien reçu par e-mail." />}</Frame>;
  if (order.isError) return <Frame>{<Problem message={errorMessage(order.error)} />}</Frame>;
  if (!order.data) return <Frame>{<Text c="dimmed">Chargement de l'ordre de mission…</Text>}</Frame>;

  if (answer.isSuccess)
    return (
      <Frame>
        <Summary order={order.data} />
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {answer.variables?.answer === "ACCEPT"
            ? "Merci : vous avez accepté cet ordre de mission. La visite figure dans votre espace évaluateur."
            : "Votre refus est enregistré : la coordination en est informée et votre place est libérée."}
        </Alert>
      </Frame>
    );

  if (!order.data.answerable)
    return (
      <Frame>
        <Summary order={order.data} />
        <Alert color="blue" role="status">
          {ANSWERED[order.data.status] ??
            "Cet ordre de mission a déjà reçu une réponse ou a été remplacé par un nouvel envoi."}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {SIGN_IN}
        </Anchor>
      </Frame>
    );

  const refuse = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError("Indiquez le motif du refus.");
      return;
    }
    answer.mutate({ answer: "REFUSE", reason: reason.trim() });
  };
  return (
    <Frame>
      <Summary order={order.data} />
      {answer.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(answer.error)}
        </Alert>
      )}
      {refusing ? (
        <form onSubmit={refuse} noValidate>
          <Stack gap="sm">
            <Textarea
              label="Motif du refus"
              required
              autosize
              minRows={3}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRefusing(false)}>
                Annuler
              </Button>
              <Button type="submit" color="red" loading={answer.isPending}>
                Refuser l'ordre de mission
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group grow>
          <Button variant="default" onClick={() => setRefusing(true)}>
            Refuser…
          </Button>
          <Button onClick={() => answer.mutate({ answer: "ACCEPT" })} loading={answer.isPending}>
            Accepter
          </Button>
        </Group>
      )}
    </Frame>
  );
}
