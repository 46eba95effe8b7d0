import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmPopup } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useCalendarLink, useRenewCalendarLink } from "../api/calendar-link";

/** The private .ics link of the evaluator's visit days, to copy into their calendar application. */
export function CalendarLinkPanel({ auditorId }: { auditorId: string }) {
  const { data, error } = useCalendarLink(auditorId);
  const renew = useRenewCalendarLink(auditorId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-label="Calendrier">
      <Title order={2} size="h4">
        Calendrier
      </Title>
      <Text size="sm">
        Abonnez votre agenda (Google Agenda, Outlook, Calendrier d'Apple…) à ce lien privé : vos jours de visite s'y
        ajoutent d'eux-mêmes. Ne le partagez pas ; en cas de doute, renouvelez-le.
      </Text>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data && (
        <>
          <TextInput
            label="Lien privé de l'agenda"
            value={data.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group>
            <CopyButton value={data.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? "teal" : undefined}>
                  {copied ? "Lien copié" : "Copier le lien"}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => setConfirming(true)} loading={renew.isPending}>
              Renouveler le lien
            </Button>
          </Group>
        </>
      )}
      <ConfirmPopup
        opened={confirming}
        title="Renouveler le lien de l'agenda"
        text="L'ancien lien cessera aussitôt de fonctionner : il faudra abonner votre agenda au nouveau."
        onClose={() => setConfirming(false)}
        firstButton={{ label: "Renouveler", code: "RENEW" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => {
          if (code !== "RENEW") return setConfirming(false);
          renew.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySaved("Nouveau lien créé : l'ancien ne fonctionne plus.");
            },
            onError: notifyError,
          });
        }}
      />
    </Stack>
  );
}
