import type { InvoiceListQuery, InvoiceRow } from "@certidesk/shared";
import { Button } from "@mantine/core";
import { IconFileSpreadsheet, IconMailForward, IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BulkActionModal, BulkBar, type RowSelection } from "../../../components";
import { useCan } from "../../../lib/can";
import { notifyError } from "../../../lib/notify";
import { invalidateDomains } from "../../../lib/query-keys";
import { bulkInvoiceAction, downloadInvoiceSelection } from "../api/bulk-invoices";

const ACTIONS = {
  send: {
    title: "Envoyer les factures",
    confirm: "Envoyer",
    describe: (n: number) =>
      `${n} facture(s) seront mises en envoi par e-mail à l'adresse de facturation du client, Factur-X joint. Les brouillons, les avoirs et les envois en cours seront signalés, pas envoyés.`,
  },
  remind: {
    title: "Relancer les factures",
    confirm: "Relancer",
    describe: (n: number) =>
      `${n} facture(s) recevront une relance par e-mail (modèle « Relance de facture impayée »). Celles qui ne sont pas échues, sont payées, en brouillon ou pas encore envoyées seront signalées, pas relancées.`,
  },
} as const;

/** The invoices list's bar of bulk actions: send, remind (with confirmation and report), export. */
export function InvoiceBulkActions({
  selection,
  query,
}: {
  selection: RowSelection<InvoiceRow>;
  query: InvoiceListQuery;
}) {
  const [action, setAction] = useState<keyof typeof ACTIONS | null>(null);
  const client = useQueryClient();
  const canUpdate = useCan().can("INVOICE", "update");
  const body = selection.selection(query);
  const chosen = action && ACTIONS[action];
  return (
    <>
      <BulkBar
        count={selection.count}
        total={selection.total}
        allMatching={selection.allMatching}
        onSelectAllMatching={selection.selectAllMatching}
        onClear={selection.clear}
      >
        {canUpdate && (
          <>
            <Button size="compact-sm" leftSection={<IconSend size={14} />} onClick={() => setAction("send")}>
              Envoyer
            </Button>
            <Button size="compact-sm" leftSection={<IconMailForward size={14} />} onClick={() => setAction("remind")}>
              Relancer
            </Button>
          </>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileSpreadsheet size={14} />}
          onClick={() => downloadInvoiceSelection(body).catch(notifyError)}
        >
          Exporter la sélection (XLSX)
        </Button>
      </BulkBar>
      {action && chosen && (
        <BulkActionModal
          title={chosen.title}
          count={selection.count}
          description={chosen.describe(selection.count)}
          confirmLabel={chosen.confirm}
          run={() => bulkInvoiceAction(action, body)}
          onClose={() => setAction(null)}
          onDone={() => {
            selection.clear();
            void invalidateDomains(client, "invoices", "mails");
          }}
        />
      )}
    </>
  );
}
