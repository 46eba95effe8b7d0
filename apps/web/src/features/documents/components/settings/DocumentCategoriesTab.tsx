import { type DocumentCategory, FILED_DOCUMENT_FAMILIES } from "@certidesk/shared";
import { Alert, Box, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ConfirmPopup, LoadingOverlay } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { useCan } from "../../../../lib/can";
import { notifyError, notifySaved } from "../../../../lib/notify";
import { useDocumentCategories } from "../../api/get-document-categories";
import { useDeleteDocumentCategory } from "../../api/save-document-category";
import { CategoryFamilyCard } from "./CategoryFamilyCard";

/** Settings › Documents: the library's categories, per family. */
export function DocumentCategoriesTab() {
  const { can } = useCan();
  const canEdit = can("SETTING", "update");
  const { data = [], isLoading, isError, error } = useDocumentCategories();
  const remove = useDeleteDocumentCategory();
  const [deleting, setDeleting] = useState<DocumentCategory | null>(null);
  const counts = Object.fromEntries(data.map((c) => [c.id, c.documentCount]));

  async function confirmDelete() {
    const category = deleting;
    setDeleting(null);
    if (!category) return;
    await remove
      .mutateAsync(category.id)
      .then(() => notifySaved(`Catégorie « ${category.name} » supprimée.`), notifyError);
  }

  const countText = (n: number) =>
    n === 0
      ? "Aucun document n'y est classé."
      : `${n} document${n > 1 ? "s y sont classés et resteront" : " y est classé et restera"} dans la bibliothèque, sans catégorie.`;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Les catégories classent les documents de la bibliothèque à l'intérieur de chaque famille. L'ordre choisi ici est
        celui des listes.
      </Text>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={isLoading} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {FILED_DOCUMENT_FAMILIES.map((family) => (
            <CategoryFamilyCard
              key={family}
              family={family}
              categories={data.filter((c) => c.family === family)}
              counts={counts}
              canEdit={canEdit}
              onDelete={setDeleting}
            />
          ))}
        </SimpleGrid>
      </Box>
      <ConfirmPopup
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la catégorie"
        text={`Supprimer la catégorie « ${deleting?.name ?? ""} » ? ${countText(deleting ? (counts[deleting.id] ?? 0) : 0)}`}
        firstButton={{ label: "Supprimer", code: "DELETE", color: "red" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => (code === "DELETE" ? void confirmDelete() : setDeleting(null))}
      />
    </Stack>
  );
}
