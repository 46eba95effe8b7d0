import type { AlertRow } from "@certidesk/shared";
import { Button } from "@mantine/core";
import { IconCalendarTime, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BulkActionModal, BulkBar, DateField, type RowSelection } from "../../../components";
import { invalidateDomains } from "../../../lib/query-keys";
import { bulkPostponeAlerts, bulkRemoveAlerts } from "../api/bulk-alerts";
import { tomorrowOf } from "./AlertFormModals";

/** An alert page's bulk actions: postpone to a day, remove; each with its confirmation and report. */
export function AlertBulkActions({
  selection,
  rows,
}: {
  selection: RowSelection<AlertRow>;
  rows: readonly AlertRow[];
}) {
  const [action, setAction] = useState<"postpone" | "remove" | null>(null);
  const [date, setDate] = useState("");
  const client = useQueryClient();
  const ids = (selection.selection(null) as { ids: Array<{ id: string }> }).ids.map((r) => r.id);
  const n = selection.count;
  const common = {
    count: n,
    onClose: () => setAction(null),
    onDone: () => {
      selection.clear();
      void invalidateDomains(client, "alerts", "audit-log");
    },
    // The server names a refused alert by its key; the page knows its establishment.
    labelOf: (id: string) => {
      const row = rows.find((r) => r.id === id);
      return row ? `${row.formattedTitle} – ${row.raisonSocial ?? ""}` : undefined;
    },
  };
  return (
    <>
      <BulkBar count={n} total={selection.total} allMatching={false} onClear={selection.clear}>
        <Button size="compact-sm" leftSection={<IconCalendarTime size={14} />} onClick={() => setAction("postpone")}>
          Reporter
        </Button>
        <Button size="compact-sm" color="red" leftSection={<IconTrash size={14} />} onClick={() => setAction("remove")}>
          Supprimer
        </Button>
      </BulkBar>
      {action === "postpone" && (
        <BulkActionModal
          {...common}
          title="Reporter les alertes"
          description={`${n} alerte(s) quitteront leur liste jusqu'à la date choisie.`}
          confirmLabel="Reporter"
          confirmDisabled={!date}
          run={() => bulkPostponeAlerts(ids, date)}
        >
          <DateField
            label="Reporter au"
            required
            minDate={tomorrowOf()}
            value={date}
            onChange={setDate}
            data-autofocus
          />
        </BulkActionModal>
      )}
      {action === "remove" && (
        <BulkActionModal
          {...common}
          title="Supprimer les alertes"
          description={`${n} alerte(s) quitteront leur liste pour de bon (leur historique les garde).`}
          confirmLabel="Supprimer"
          run={() => bulkRemoveAlerts(ids)}
        />
      )}
    </>
  );
}
