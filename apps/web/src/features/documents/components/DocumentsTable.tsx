import type { DocumentFamily, DocumentRow } from "@certidesk/shared";
import { Alert, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { ConfirmPopup, PaginatedDataTable, type SortState } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifyError, notifySaved } from "../../../lib/notify";
import { type DocumentsFilter, useDocuments } from "../api/get-documents";
import { useDeleteDocument } from "../api/update-document";
import { type DocumentAction, DocumentActions } from "./DocumentActions";
import { documentColumns } from "./document-columns";
import { EditDocumentModal } from "./EditDocumentModal";
import { NewVersionModal } from "./NewVersionModal";
import { PreviewModal } from "./PreviewModal";
import { VersionsModal } from "./VersionsModal";

type Open = { action: Exclude<DocumentAction, "View"> | "PREVIEW"; row: DocumentRow } | null;

export interface DocumentsTableProps {
  filter: DocumentsFilter;
  family: DocumentFamily;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  onPageChange: (page: number) => void;
}

export function DocumentsTable({ filter, family, sort, onSortChange, onPageChange }: DocumentsTableProps) {
  const { can } = useCan();
  const canUpdate = can("CERTMANAGER_DOCUMENT", "update");
  const canDelete = can("CERTMANAGER_DOCUMENT", "delete");
  const { data, isFetching, isError, error } = useDocuments(filter);
  const remove = useDeleteDocument();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rowFor = (action: NonNullable<Open>["action"]) => (open?.action === action ? open.row : null);

  const columns = useMemo(
    () =>
      documentColumns({
        showOwner: family === "CLIENT" || family === "AUDITOR",
        ownerTitle: family === "CLIENT" ? "Client" : "Évaluateur",
        onPreview: (row) => setOpen({ action: "PREVIEW", row }),
        renderActions: (row) => (
          <DocumentActions
            row={row}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onAction={(action, r) => setOpen({ action: action === "View" ? "PREVIEW" : action, row: r })}
          />
        ),
      }),
    [family, canUpdate, canDelete],
  );

  async function confirmDelete() {
    const row = rowFor("DELETE");
    if (!row) return;
    close();
    await remove
      .mutateAsync({ id: row.id, version: row.version })
      .then(() => notifySaved(`« ${row.name} » a été supprimé de la bibliothèque.`), notifyError);
  }

  return (
    <>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <PaginatedDataTable
        aria-label="Documents de la bibliothèque"
        columns={columns}
        rows={data?.items ?? []}
        getRowKey={(row) => row.id}
        loading={isFetching && !data}
        emptyText="Aucun document ne correspond à ces critères."
        sort={sort}
        onSortChange={onSortChange}
        totalItems={data?.total ?? 0}
        itemsPerPage={filter.pageSize}
        currentPage={filter.page}
        onPageChange={onPageChange}
        estimatedRowHeight={49}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} document(s)
      </Text>
      <PreviewModal document={rowFor("PREVIEW")} onClose={close} />
      <EditDocumentModal document={rowFor("EDIT")} onClose={close} />
      <NewVersionModal document={rowFor("NEW_VERSION")} onClose={close} />
      <VersionsModal document={rowFor("HISTORY")} onClose={close} />
      <ConfirmPopup
        opened={rowFor("DELETE") !== null}
        onClose={close}
        title="Supprimer le document"
        text={`Supprimer « ${rowFor("DELETE")?.name ?? ""} » ? Il disparaîtra de la bibliothèque ; ses fichiers et son historique restent conservés.`}
        firstButton={{ label: "Supprimer", code: "DELETE", color: "red" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => (code === "DELETE" ? void confirmDelete() : close())}
      />
    </>
  );
}
