import { type DocumentRow, formatDate } from "@certidesk/shared";
import { Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { type DataTableColumn, DocumentCell } from "../../../components";
import { formatFileSize } from "../../../lib/file-size";

export interface ColumnOptions {
  /** Client and evaluator documents show their owner. */
  showOwner: boolean;
  ownerTitle: string;
  onPreview: (row: DocumentRow) => void;
  renderActions: (row: DocumentRow) => ReactNode;
}

const dash = (value: string | null) => value || "—";

/** The library's columns; only those the API sorts on are sortable (name, type, size, updated). */
export function documentColumns(options: ColumnOptions): DataTableColumn<DocumentRow>[] {
  const columns: Array<DataTableColumn<DocumentRow> | null> = [
    {
      key: "name",
      title: "Nom",
      sortable: true,
      render: (row) => (
        // The description stays out of the button: its name is "Aperçu de" and the visible name (WCAG 2.5.3).
        <div>
          <UnstyledButton onClick={() => options.onPreview(row)} aria-label={`Aperçu de ${row.name}`} maw="100%">
            <Text size="sm" fw={600} truncate title={row.name} component="div">
              {row.name}
            </Text>
          </UnstyledButton>
          {row.description && (
            <Text size="xs" c="dimmed" truncate component="div">
              {row.description}
            </Text>
          )}
        </div>
      ),
    },
    {
      // Type and category share a column (sorted by type) so the name keeps room beside the owner.
      key: "documentType",
      priority: 1,
      title: "Type / catégorie",
      width: 160,
      sortable: true,
      render: (row) => (
        <>
          <Text size="sm" truncate>
            {dash(row.documentType)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {row.categoryName ?? "Sans catégorie"}
          </Text>
        </>
      ),
    },
    options.showOwner
      ? {
          key: "owner",
          priority: 2,
          title: options.ownerTitle,
          width: 150,
          render: (row) => (
            <Text size="sm" truncate>
              {dash(row.clientName ?? row.auditorName)}
            </Text>
          ),
        }
      : null,
    {
      key: "fileName",
      priority: 3,
      title: "Fichier",
      width: 180,
      // The row's url is already a signed view link: open it as it is.
      render: (row) => (
        <DocumentCell documents={[{ id: row.id, name: row.fileName, url: row.url }]} buildViewUrl={(d) => d.url} />
      ),
    },
    { key: "size", priority: 3, title: "Taille", width: 85, sortable: true, render: (row) => formatFileSize(row.size) },
    {
      key: "currentVersion",
      priority: 3,
      title: "Version",
      width: 75,
      align: "center",
      render: (row) => `v${row.currentVersion}`,
    },
    {
      key: "updatedAt",
      priority: 2,
      title: "Mis à jour",
      width: 120,
      sortable: true,
      render: (row) => formatDate(row.updatedAt),
    },
    { key: "actions", title: "Actions", width: 180, render: options.renderActions },
  ];
  return columns.filter((c): c is DataTableColumn<DocumentRow> => c !== null);
}
