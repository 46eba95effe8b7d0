import type { MailRow } from "@certidesk/shared";
import { Alert, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { ConfirmPopup, PaginatedDataTable, type SortState } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifyError, notifySaved } from "../../../lib/notify";
import { type MailsFilter, useMails } from "../api/get-mails";
import { useDeleteMail, useResendMail } from "../api/send-mail";
import { MailPreviewModal } from "./MailPreviewModal";
import { mailColumns } from "./mail-columns";

export interface MailTableProps {
  filter: MailsFilter;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  onPageChange: (page: number) => void;
}

export function MailTable({ filter, sort, onSortChange, onPageChange }: MailTableProps) {
  const { can } = useCan();
  const canResend = can("MAIL", "create");
  const canDelete = can("MAIL", "delete");
  const { data, isFetching, isError, error } = useMails(filter);
  const resend = useResendMail();
  const remove = useDeleteMail();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MailRow | null>(null);

  const columns = useMemo(
    () =>
      mailColumns({
        canResend,
        canDelete,
        onPreview: (m) => setPreviewId(m.id),
        onResend: (m) =>
          resend
            .mutateAsync(m.id)
            .then(() => notifySaved(`« ${m.subject} » est de nouveau en file d'envoi.`), notifyError),
        onDelete: setDeleting,
      }),
    // resend.mutateAsync is stable across renders.
    [canResend, canDelete, resend.mutateAsync],
  );

  async function confirmDelete() {
    const mail = deleting;
    setDeleting(null);
    if (!mail) return;
    await remove.mutateAsync(mail.id).then(() => notifySaved("L'e-mail a été retiré de la liste."), notifyError);
  }

  return (
    <>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <PaginatedDataTable
        aria-label="E-mails"
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(m) => m.id}
        loading={isFetching && !data}
        emptyText="Aucun e-mail ne correspond à ces critères."
        sort={sort}
        onSortChange={onSortChange}
        totalItems={data?.total ?? 0}
        itemsPerPage={filter.pageSize}
        currentPage={filter.page}
        onPageChange={onPageChange}
        estimatedRowHeight={49}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} e-mail(s)
      </Text>
      <MailPreviewModal id={previewId} onClose={() => setPreviewId(null)} canResend={canResend} />
      <ConfirmPopup
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer l'e-mail"
        text={`Retirer « ${deleting?.subject ?? ""} » de la liste ? ${deleting?.status === "SENT" ? "" : "Il ne sera pas envoyé. "}L'historique garde la trace de sa suppression.`}
        firstButton={{ label: "Supprimer", code: "DELETE", color: "red" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => (code === "DELETE" ? void confirmDelete() : setDeleting(null))}
      />
    </>
  );
}
