import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { SortState } from "../../../components";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useMailSummary } from "../api/get-mail-summary";
import type { MailSort, MailsFilter } from "../api/get-mails";
import { MailComposerModal } from "./MailComposerModal";
import { MailFilters, type StatusFilter } from "./MailFilters";
import { MailTable } from "./MailTable";

const PAGE_SIZE = 25;
const DEFAULT_SORT: SortState = { key: "createdAt", direction: "desc" };
export const NO_SMTP_MESSAGE =
  "Aucun serveur SMTP n'est configuré : les e-mails restent « non envoyé » jusqu'à sa configuration (variable SMTP_URL).";

/** The outbox (route /app/mail): sent, waiting and failed mails. */
export function MailPage() {
  useBranding("E-mails");
  const { can } = useCan();
  const summary = useMailSummary();
  const [status, setStatus] = useState<StatusFilter>("ALL");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(DEFAULT_SORT);
  const [composing, setComposing] = useState(false);

  const filter: MailsFilter = {
    page,
    pageSize: PAGE_SIZE,
    status: status === "ALL" ? undefined : status,
    search: debounced.trim() || undefined,
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
      setPage(1);
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
        onStatus={resetting(setStatus)}
        counts={summary.data?.counts}
        search={search}
        onSearch={resetting(setSearch)}
        onFrom={resetting(setFrom)}
        onTo={resetting(setTo)}
      />
      <MailTable filter={filter} sort={sort} onSortChange={resetting(setSort)} onPageChange={setPage} />
      <MailComposerModal opened={composing} onClose={() => setComposing(false)} />
    </Stack>
  );
}
