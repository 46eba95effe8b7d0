import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useAlertDigestPreference } from "../api/get-alert-digest-preference";
import { useSaveAlertDigestPreference } from "../api/save-alert-digest-preference";

/** The user's own choice of the daily digest of their alerts (saved as soon as it is switched). */
export function AlertDigestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const preference = useAlertDigestPreference(opened);
  const save = useSaveAlertDigestPreference();

  async function toggle(alertDigest: boolean) {
    const saved = await save.mutateAsync({ alertDigest }).catch(() => null);
    if (saved)
      notifySaved(
        saved.alertDigest ? "Vous recevrez chaque jour le résumé de vos alertes." : "Résumé quotidien arrêté.",
      );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Résumé de mes alertes">
      <Stack>
        {preference.isPending ? (
          <Loader size="sm" aria-label="Chargement" />
        ) : preference.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(preference.error)}
          </Alert>
        ) : (
          <>
            <Switch
              label="Recevoir chaque jour le résumé de mes alertes"
              description={`Un e-mail vers ${preference.data.hour} h (heure de Paris) listant, page par page, les alertes apparues depuis le résumé précédent. Aucun e-mail les jours sans nouvelle alerte.`}
              checked={preference.data.alertDigest}
              disabled={save.isPending}
              onChange={(e) => void toggle(e.currentTarget.checked)}
            />
            {save.isError && (
              <Text role="alert" c="red" size="sm">
                {errorMessage(save.error)}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
