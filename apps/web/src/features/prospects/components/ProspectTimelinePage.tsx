import { Alert, Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  ACTION_STATUS,
  type ActionListEntry,
  ActionListPopup,
  ConfirmPopup,
  LoadingOverlay,
  MOVE_TO_PROSPECT,
  TimelinePanel,
} from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useArchiveRequest } from "../api/archive-request";
import { useRequest } from "../api/get-request";
import { useMoveToProspect } from "../api/move-to-prospect";
import { QuotesPanel } from "./QuotesPanel";
import { RecevabilityPanel } from "./RecevabilityPanel";
import { RefuseRequestModal } from "./RefuseRequestModal";
import { RequestSummary } from "./RequestSummary";
import { TrainingOrganisationPanel } from "./TrainingOrganisationPanel";

const active = (ok: boolean) => (ok ? ACTION_STATUS.ACTIVE : ACTION_STATUS.INACTIVE);

/** A prospect's page (route /app/timeline-prospect/{requestClientId}): the request, its steps and its timeline. */
export function ProspectTimelinePage() {
  const { requestClientId = "" } = useParams();
  const navigate = useNavigate();
  const { can } = useCan();
  const canUpdate = can("PROSPECT", "update");
  const { data: request, error, isLoading } = useRequest(requestClientId);
  const [refusing, setRefusing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archive = useArchiveRequest();
  const restore = useMoveToProspect();
  useBranding(request ? `${request.reference} · ${request.raisonSocial}` : "Prospect");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !request) return <LoadingOverlay visible />;

  const open = request.status !== "SIGNED" && request.status !== "REFUSE" && !request.archivedAt;
  const actions: ActionListEntry[] = [
    {
      code: "CONTRACT",
      label: "Ouvrir le contrat",
      subLabel: request.contract?.number,
      status: active(!!request.contract),
    },
    { code: "REFUSE", label: "Refuser la demande", status: active(canUpdate && open) },
    {
      code: "ARCHIVE",
      label: "Archiver",
      status: active(canUpdate && !request.archivedAt && request.status !== "SIGNED"),
    },
  ];
  const retroactive: ActionListEntry[] = [
    {
      code: MOVE_TO_PROSPECT,
      label: "Repasser en prospect",
      subLabel: "Reprendre une demande refusée ou archivée",
      status: active(canUpdate && (request.status === "REFUSE" || !!request.archivedAt)),
    },
  ];
  const onSelect = (code: string) => {
    if (code === "CONTRACT" && request.contract) navigate(`/app/contract/${request.contract.id}`);
    if (code === "REFUSE") setRefusing(true);
    if (code === "ARCHIVE") setArchiving(true);
    if (code === MOVE_TO_PROSPECT)
      restore
        .mutateAsync({ id: request.id, version: request.version })
        .then(() => notifySaved("La demande est de nouveau parmi les prospects."), notifyError);
  };

  return (
    <Stack maw={1300}>
      <Anchor component={Link} to="/app/prospect" size="sm">
        ← Prospects
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {request.reference} · {request.raisonSocial}
        </Title>
        <ActionListPopup actions={actions} retroactiveActions={retroactive} onSelect={onSelect}>
          <Button variant="default" rightSection={<IconChevronDown size={16} />}>
            Actions
          </Button>
        </ActionListPopup>
      </Group>
      <RequestSummary request={request} />
      {request.service === "CERTIFICATION" && <RecevabilityPanel request={request} canUpdate={canUpdate} />}
      {request.service === "CERTIFICATION" && <TrainingOrganisationPanel request={request} canUpdate={canUpdate} />}
      <QuotesPanel request={request} canEdit={canUpdate && can("PROSPECT", "create")} />
      <TimelinePanel target={{ kind: "prospect", id: request.id }} canWrite={canUpdate} />
      <RefuseRequestModal request={request} opened={refusing} onClose={() => setRefusing(false)} />
      <ConfirmPopup
        opened={archiving}
        onClose={() => setArchiving(false)}
        title={`Archiver ${request.reference}`}
        text="La demande quitte la liste des prospects ; elle reste consultable dans les archives et peut y être reprise."
        firstButton={{ label: "Archiver", code: "ARCHIVE", color: "orange" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => {
          setArchiving(false);
          if (code === "ARCHIVE")
            archive
              .mutateAsync({ id: request.id, version: request.version })
              .then(() => notifySaved(`${request.reference} a été archivée.`), notifyError);
        }}
      />
    </Stack>
  );
}
