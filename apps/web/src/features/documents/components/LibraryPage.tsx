import {
  DOCUMENT_FAMILIES,
  DOCUMENT_FAMILY_LABELS,
  type DocumentFamily,
  FILED_DOCUMENT_FAMILIES,
} from "@certidesk/shared";
import { Alert, Button, Group, Stack, Tabs, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation } from "react-router";
import type { SortState } from "../../../components";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { useDocumentCategories } from "../api/get-document-categories";
import type { DocumentSort, DocumentsFilter } from "../api/get-documents";
import { DocumentsTable } from "./DocumentsTable";
import { FileDropzone } from "./FileDropzone";
import { LibraryFilters } from "./LibraryFilters";
import { UploadDocumentModal } from "./UploadDocumentModal";

const PAGE_SIZE = 25;
const DEFAULT_SORT: SortState = { key: "updatedAt", direction: "desc" };
const SORT_KEYS: readonly DocumentSort[] = ["name", "updatedAt", "size", "documentType"];
/** The library's families this user may read: the RH tab only for those whose job it is (server policy). */
export const visibleFamilies = (readHrDocuments: boolean): readonly DocumentFamily[] =>
  DOCUMENT_FAMILIES.filter((f) => f !== "RH" || readHrDocuments);

/** The document library (route /app/biblio), one tab per family. */
export function LibraryPage() {
  useBranding("Bibliothèque");
  const { can, abilities } = useCan();
  const families = visibleFamilies(abilities.readHrDocuments);
  // Receipts are filed with their expense (Frais tab), never by hand: their tab lists, it does not take uploads.
  const uploadFamilies = families.filter((f) => (FILED_DOCUMENT_FAMILIES as readonly string[]).includes(f));
  const isFamily = (value: string | null): value is DocumentFamily => families.includes(value as DocumentFamily);
  const canCreate = can("CERTMANAGER_DOCUMENT", "create");
  // The family lives in the address so a reload or a shared link keeps the tab.
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: SORT_KEYS });
  const { sort, page, setPage } = list;
  const famille = new URLSearchParams(useLocation().search).get("famille");
  // A tab this user may not read (a link to ?famille=RH) falls back to the first one they may.
  const family: DocumentFamily = isFamily(famille) ? famille : (families[0] ?? "GENERAL");
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const { data: categories = [] } = useDocumentCategories();

  const filter: DocumentsFilter = {
    page,
    pageSize: PAGE_SIZE,
    family,
    search: list.search,
    documentType: documentType ?? undefined,
    categoryId: categoryId ?? undefined,
    sort: sort?.key as DocumentSort | undefined,
    direction: sort?.direction,
  };
  /** Any filter change starts again from the first page. */
  const resetting =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      list.resetPage();
    };

  function changeFamily(value: string | null) {
    if (!isFamily(value)) return;
    list.update({ famille: value, page: null });
    setCategoryId(null);
  }

  function openUpload(file: File | null) {
    setRefused(null);
    setDroppedFile(file);
    setUploadOpen(true);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Bibliothèque
        </Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openUpload(null)}>
            Déposer un document
          </Button>
        )}
      </Group>
      <Tabs value={family} onChange={changeFamily}>
        <Tabs.List>
          {families.map((f) => (
            <Tabs.Tab key={f} value={f}>
              {DOCUMENT_FAMILY_LABELS[f]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <LibraryFilters
          search={list.searchText}
          onSearch={list.setSearchText}
          documentType={documentType}
          onDocumentType={resetting(setDocumentType)}
          categoryId={categoryId}
          onCategory={resetting(setCategoryId)}
          categories={categories.filter((c) => c.family === family)}
        />
        {canCreate && (
          <div style={{ flex: "1 1 300px", maxWidth: 480 }}>
            <FileDropzone
              compact
              file={null}
              onFile={openUpload}
              onRefused={setRefused}
              label="Glissez un fichier ici pour le déposer"
            />
          </div>
        )}
      </Group>
      {refused && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefused(null)} closeButtonLabel="Fermer">
          {refused}
        </Alert>
      )}
      <DocumentsTable filter={filter} family={family} sort={sort} onSortChange={list.setSort} onPageChange={setPage} />
      <UploadDocumentModal
        opened={uploadOpen}
        onClose={() => setUploadOpen(false)}
        family={uploadFamilies.includes(family) ? family : (uploadFamilies[0] ?? "GENERAL")}
        families={uploadFamilies}
        initialFile={droppedFile}
      />
    </Stack>
  );
}
