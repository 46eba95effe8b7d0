import {
  CONTRACT_STATUS_DETAIL_LABELS,
  CONTRACT_TABS,
  type ContractDetail,
  formatCurrency,
  formatDate,
} from "@certidesk/shared";
import { Anchor, Badge, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FocusKeeper, ReasonModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifySaved } from "../../../lib/notify";
import { useRefuseContract } from "../api/refuse-contract";
import type { ContractScope } from "../api/save-programme";
import { SendContractModal, SignContractModal } from "./ContractModals";
import { ContractTermsTab } from "./ContractTermsTab";
import { DecisionTab } from "./DecisionTab";
import { FebTab } from "./FebTab";
import { ProgrammeTab } from "./ProgrammeTab";

const COLORS: Record<string, string> = {
  DRAFT: "gray",
  SENT: "blue",
  SIGNED: "green",
  REFUSE: "red",
  CANCELLED: "gray",
};

/** The tab in the address (`?onglet=programme`), so a reload or a shared link opens the same tab. */
export const CONTRACT_TAB_SLUGS: Record<(typeof CONTRACT_TABS)[number]["code"], string> = {
  CONTRACT_FEB: "besoin",
  CONTRACT_PROGRAM: "programme",
  CONTRACT_CONTRACT: "contrat",
  CONTRACT_DECISION: "decision",
};
const TAB_PARAM = "onglet";

function useContractTab() {
  const [params, setParams] = useSearchParams();
  const slug = params.get(TAB_PARAM);
  const tab = CONTRACT_TABS.find((t) => CONTRACT_TAB_SLUGS[t.code] === slug) ?? CONTRACT_TABS[0];
  const setTab = (code: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const t = CONTRACT_TABS.find((c) => c.code === code);
        if (!t || t === CONTRACT_TABS[0]) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, CONTRACT_TAB_SLUGS[t.code]);
        return next;
      },
      { replace: true },
    );
  return [tab.code, setTab] as const;
}

/**
 * A contract with the spec's four tabs: Besoin, Programme, Contrat, Décision.
 * `titleOrder` 1 when the contract is the page (one h1), 2 inside a page that has its own title.
 * `aside`: what another feature shows under the header (the deposit invoice, mounted by app/).
 */
export function ContractView({
  contract,
  scope,
  titleOrder = 2,
  aside,
}: {
  contract: ContractDetail;
  scope: ContractScope;
  titleOrder?: 1 | 2;
  aside?: ReactNode;
}) {
  const { can, canOpen } = useCan();
  const canEdit = can("PROSPECT", "update");
  // The server's policy decides (rights and the contract's state); the screen only reads it.
  const canProgramme = scope.kind === "client" ? contract.abilities.programmeForClient : contract.abilities.programme;
  const [tab, setTab] = useContractTab();
  const [sending, setSending] = useState(false);
  const [signing, setSigning] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const refuse = useRefuseContract();

  return (
    <Stack>
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={titleOrder} size="h3">
              Contrat {contract.number}
            </Title>
            <Badge color={COLORS[contract.status]} variant="light">
              {CONTRACT_STATUS_DETAIL_LABELS[contract.status]}
            </Badge>
          </Group>
          <Text fw={700}>{formatCurrency(contract.amountTTC)} TTC</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {contract.legalEntity.raisonSocial} · {contract.establishments.map((e) => e.raisonSocial).join(", ")}
        </Text>
        <Group gap="md" mt={4}>
          {canOpen(`timeline-prospect/${contract.requestId}`) && (
            <Anchor component={Link} to={`/app/timeline-prospect/${contract.requestId}`} size="sm">
              Demande {contract.requestReference}
            </Anchor>
          )}
          {contract.quoteLabel && <Text size="sm">Devis {contract.quoteLabel}</Text>}
          {contract.sentAt && <Text size="sm">Envoyé le {formatDate(contract.sentAt)}</Text>}
          {contract.deadline && contract.status === "SENT" && (
            <Text size="sm">À retourner avant le {formatDate(contract.deadline)}</Text>
          )}
          {contract.signatureDate && <Text size="sm">Signé le {formatDate(contract.signatureDate)}</Text>}
          {/* Signed: the establishments are clients now; their pages are one click away. */}
          {contract.status === "SIGNED" &&
            contract.establishments.map((e) =>
              canOpen(`timeline-client/${e.clientId}`) ? (
                <Anchor key={e.clientId} component={Link} to={`/app/timeline-client/${e.clientId}`} size="sm">
                  Fiche client : {e.raisonSocial}
                </Anchor>
              ) : null,
            )}
        </Group>
      </Paper>
      {aside}
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          {CONTRACT_TABS.map((t) => (
            <Tabs.Tab key={t.code} value={t.code}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder p="md" mt="sm">
          <Tabs.Panel value="CONTRACT_FEB">
            <FebTab contract={contract} canEdit={contract.abilities.update} />
          </Tabs.Panel>
          <Tabs.Panel value="CONTRACT_PROGRAM">
            <ProgrammeTab contract={contract} scope={scope} canEdit={canProgramme} />
          </Tabs.Panel>
          <Tabs.Panel value="CONTRACT_CONTRACT">
            <ContractTermsTab contract={contract} canEdit={canEdit} onSend={() => setSending(true)} />
          </Tabs.Panel>
          <Tabs.Panel value="CONTRACT_DECISION">
            {/* Signed or refused from its dialog, the buttons give way to the outcome, which takes the focus. */}
            <FocusKeeper version={contract.status}>
              <DecisionTab
                contract={contract}
                canEdit={canEdit}
                onSign={() => setSigning(true)}
                onRefuse={() => setRefusing(true)}
              />
            </FocusKeeper>
          </Tabs.Panel>
        </Paper>
      </Tabs>
      <SendContractModal contract={contract} opened={sending} onClose={() => setSending(false)} />
      <SignContractModal contract={contract} opened={signing} onClose={() => setSigning(false)} />
      <ReasonModal
        opened={refusing}
        title={`Contrat ${contract.number} refusé`}
        label="Motif du refus de l'établissement"
        confirmLabel="Enregistrer le refus"
        error={refuse.isError ? errorMessage(refuse.error) : null}
        loading={refuse.isPending}
        onClose={() => setRefusing(false)}
        onConfirm={(reason) =>
          refuse.mutateAsync({ id: contract.id, reason, version: contract.version }).then(
            () => {
              notifySaved("Refus du contrat enregistré.");
              setRefusing(false);
            },
            () => undefined,
          )
        }
      />
    </Stack>
  );
}
