import { Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { SortState } from "../../../components";
import type { MailSort } from "../api/get-mails";
import { MailTable } from "./MailTable";

const PAGE_SIZE = 20;

/**
 * The mission's "E-mails" tab: every mail the mission sent from the outbox (invoice, reports, mission
 * orders, reminders), newest first, with its status; the same table, preview and actions as the E-mails
 * screen, the list filtered by the mission on the server.
 */
export function MissionMailsPanel({ missionId }: { missionId: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>({ key: "createdAt", direction: "desc" });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Les e-mails envoyés automatiquement pour cette mission : en attente, envoyés ou en échec (nouvel essai
        automatique).
      </Text>
      <MailTable
        filter={{
          page,
          pageSize: PAGE_SIZE,
          missionId,
          sort: (sort?.key as MailSort | undefined) ?? "createdAt",
          direction: sort?.direction ?? "desc",
        }}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        onPageChange={setPage}
      />
    </Stack>
  );
}
