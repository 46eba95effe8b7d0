import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation } from "react-router";
import type { SortState } from "../../../components";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { useMailSummary } from "../api/get-mail-summary";
import type { MailSort, MailsFilter } from "../api/get-mails";
import { MailComposerModal } from "./MailComposerModal";
import { MAIL_STATUS_FILTERS, MailFilters, type StatusFilter } from "./MailFilters";
import { MailTable } from "./MailTable";

const PAGE_SIZE = 25;
const DEFAULT_SORT: SortState = { key: "createdAt", direction: "desc" };
const SORT_KEYS = ["createdAt", "subject", "status", "sentAt"] as const;
export const NO_SMTP_MESSAGE =
  "Aucun serveur d'envoi n'est configuré : les e-mails restent « non envoyé » et partiront dès que votre administrateur technique l'aura paramétré.";

/** The outbox (route /app/mail): sent, waiting and failed mails. */
export function MailPage() {
  useBranding("E-mails");
  const { can } = useCan();
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: SORT_KEYS });
  const { sort, page, setPage } = list;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const statusParam = params.get("statut");
  // `?ecrire=1&client=<name>`: the composer opens at once, addressed to that establishment (from an alert).
  const writeTo = params.get("ecrire") === "1" ? (params.get("client") ?? "") : null;
  const status: StatusFilter = MAIL_STATUS_FILTERS.find((s) => s === statusParam) ?? "ALL";
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [composing, setComposing] = useState(writeTo !== null && can("MAIL", "create"));
  const summary = useMailSummary({ search: list.search, from: from || undefined, to: to || undefined });

  const filter: MailsFilter = {
    page,
    pageSize: PAGE_SIZE,
    status: status === "ALL" ? undefined : status,
    search: list.search,
    from: from || undefined,
    to: to || undefined,
    sort: sort?.key as MailSort | undefined,
    direction: sort?.direction,
  };
  /** Any filter change starts again from the first page. */
  const resetting =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      list.resetPage();
    };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          E-mails
        </Title>
        {can("MAIL", "create") && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
            Nouvel e-mail
          </Button>
        )}
      </Group>
      {summary.data && !summary.data.smtpConfigured && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Envoi des e-mails désactivé">
          {NO_SMTP_MESSAGE}
        </Alert>
      )}
      <MailFilters
        status={status}
        onStatus={(s) => list.update({ statut: s === "ALL" ? null : s, page: null })}
        counts={summary.data?.counts}
        search={list.searchText}
        onSearch={list.setSearchText}
        onFrom={resetting(setFrom)}
        onTo={resetting(setTo)}
      />
      <MailTable filter={filter} sort={sort} onSortChange={list.setSort} onPageChange={setPage} />
      <MailComposerModal
        opened={composing}
        onClose={() => {
          setComposing(false);
          // The request to write is done: a reload or a back to this page must not open the composer again.
          if (writeTo !== null) list.update({ ecrire: null, client: null });
        }}
        clientName={writeTo ?? undefined}
      />
    </Stack>
  );
}
