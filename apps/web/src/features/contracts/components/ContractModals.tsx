import type { ContractDetail } from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";
import { notifySaved } from "../../../lib/notify";
import { useSendContract } from "../api/send-contract";
import { useSignContract } from "../api/sign-contract";

const today = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());

export function SignContractModal({
  contract,
  opened,
  onClose,
}: {
  contract: ContractDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [date, setDate] = useState(today());
  const sign = useSignContract();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    sign.reset();
    setDate(today());
  }, [opened]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await sign
      .mutateAsync({ id: contract.id, signatureDate: date, version: contract.version })
      .catch(() => null);
    if (!done) return;
    notifySaved(
      `Contrat ${contract.number} signé : ${contract.establishments.map((e) => e.raisonSocial).join(", ")} ${contract.establishments.length > 1 ? "deviennent clients" : "devient client"}.`,
    );
    onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Contrat ${contract.number} signé`}>
      <form onSubmit={submit}>
        <Stack>
          {sign.isError && <Alert color="red">{errorMessage(sign.error)}</Alert>}
          <TextInput
            label="Date de signature"
            type="date"
            required
            value={date}
            max={today()}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            Les établissements du contrat deviennent clients ; leur évaluation est « à programmer » tant que le
            programme n'a pas de dates.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="green" loading={sign.isPending} disabled={!date}>
              Enregistrer la signature
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SendContractModal({
  contract,
  opened,
  onClose,
}: {
  contract: ContractDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [to, setTo] = useState("");
  const send = useSendContract();
  const { data: blocks } = useBlockActionData();
  const blocked = blocks?.blockedActions.find((a) => a.action === "CONTRACT_SEND");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens.
  useEffect(() => {
    if (!opened) return;
    send.reset();
    setTo(contract.contactEmail ?? "");
  }, [opened]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const recipients = to.split(/[,;\s]+/).filter(Boolean);
    const done = await send
      .mutateAsync({ id: contract.id, to: recipients, version: contract.version })
      .catch(() => null);
    if (!done) return;
    notifySaved(`Contrat ${contract.number} envoyé pour signature.`);
    onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Envoyer le contrat ${contract.number}`}>
      <form onSubmit={submit}>
        <Stack>
          {blocked && (
            <Alert color="orange" title="Envoi bloqué">
              {blocked.reason}{" "}
              <Anchor component={Link} to="/app/setting/general" size="sm">
                Compléter l'identité de la société
              </Anchor>
            </Alert>
          )}
          {send.isError && <Alert color="red">{errorMessage(send.error)}</Alert>}
          {contract.programmeIssues.length > 0 && (
            <Alert color="orange" variant="light">
              Le programme est incomplet ({contract.programmeIssues.join(" ")}). Il devra l'être avant la visite.
            </Alert>
          )}
          <Text size="sm">
            Le contrat est joint en PDF au message « Envoi du contrat » ; sans date limite, il est à retourner sous 30
            jours.
          </Text>
          <TextInput label="Destinataire(s)" required value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!!blocked || !to.trim()}>
              Envoyer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
