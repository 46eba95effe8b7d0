import { DOCUMENT_FAMILY_LABELS, type DocumentCategory, type DocumentFamily } from "@certidesk/shared";
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { notifyError, notifySaved } from "../../../../lib/notify";
import {
  useCreateDocumentCategory,
  useUpdateDocumentCategories,
  useUpdateDocumentCategory,
} from "../../api/save-document-category";
import { moveCategory, nextPosition } from "../../category-order";
import { CategoryRow } from "./CategoryRow";

export interface CategoryFamilyCardProps {
  family: DocumentFamily;
  /** This family's categories, in display order. */
  categories: DocumentCategory[];
  /** Documents per category id. */
  counts: Record<string, number>;
  canEdit: boolean;
  onDelete: (category: DocumentCategory) => void;
}

export function CategoryFamilyCard({ family, categories, counts, canEdit, onDelete }: CategoryFamilyCardProps) {
  const [name, setName] = useState("");
  const create = useCreateDocumentCategory();
  const rename = useUpdateDocumentCategory();
  const reorder = useUpdateDocumentCategories();
  const busy = rename.isPending || reorder.isPending;

  async function add(event: FormEvent) {
    event.preventDefault();
    const saved = await create
      .mutateAsync({ family, name: name.trim(), position: nextPosition(categories) })
      .catch((error: unknown) => notifyError(error));
    if (!saved) return;
    notifySaved(`Catégorie « ${name.trim()} » créée.`);
    setName("");
  }

  const move = (category: DocumentCategory, delta: -1 | 1) =>
    reorder
      .mutateAsync(
        moveCategory(categories, category.id, delta).map(({ category: c, position }) => ({
          id: c.id,
          body: { family, name: c.name, position, version: c.version },
        })),
      )
      .catch(notifyError);

  const renameTo = (category: DocumentCategory, newName: string) =>
    rename
      .mutateAsync({
        id: category.id,
        body: { family, name: newName.trim(), position: category.position, version: category.version },
      })
      .then(
        () => {
          notifySaved();
          return true;
        },
        (error: unknown) => {
          notifyError(error);
          return false;
        },
      );

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {DOCUMENT_FAMILY_LABELS[family]}
        </Title>
        {categories.length === 0 && (
          <Text size="sm" c="dimmed">
            Aucune catégorie pour cette famille.
          </Text>
        )}
        <div>
          {categories.map((category, index) => (
            <CategoryRow
              key={category.id}
              category={category}
              documentCount={counts[category.id] ?? 0}
              canEdit={canEdit}
              isFirst={index === 0}
              isLast={index === categories.length - 1}
              busy={busy}
              onMove={(delta) => void move(category, delta)}
              onRename={(newName) => renameTo(category, newName)}
              onDelete={() => onDelete(category)}
            />
          ))}
        </div>
        {canEdit && (
          <form onSubmit={add}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                aria-label={`Nouvelle catégorie (${DOCUMENT_FAMILY_LABELS[family]})`}
                placeholder="Nouvelle catégorie"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={100}
                style={{ flex: 1 }}
              />
              <Button
                type="submit"
                variant="light"
                leftSection={<IconPlus size={16} />}
                loading={create.isPending}
                disabled={!name.trim()}
              >
                Ajouter
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}
