import type { DocumentCategory } from "@certidesk/shared";
import { ActionIcon, Badge, Group, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCheck, IconPencil, IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { Hint } from "../../../../components";

export interface CategoryRowProps {
  category: DocumentCategory;
  documentCount: number;
  canEdit: boolean;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}

export function CategoryRow({
  category,
  documentCount,
  canEdit,
  isFirst,
  isLast,
  busy,
  onMove,
  onRename,
  onDelete,
}: CategoryRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);

  async function save() {
    if (name.trim() === category.name) return setEditing(false);
    if (await onRename(name)) setEditing(false);
  }

  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
    >
      {editing ? (
        <TextInput
          aria-label={`Nouveau nom de ${category.name}`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") void save();
            if (e.key === "Escape") setEditing(false);
          }}
          maxLength={100}
          size="xs"
          style={{ flex: 1 }}
          autoFocus
        />
      ) : (
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {category.name}
          </Text>
          <Badge variant="light" color="gray" size="sm" tt="none" style={{ flexShrink: 0 }}>
            {documentCount} document{documentCount > 1 ? "s" : ""}
          </Badge>
        </Group>
      )}
      {canEdit && (
        <Group gap={4} wrap="nowrap">
          {editing ? (
            <>
              <Hint label="Enregistrer le nom">
                <ActionIcon variant="light" color="green" aria-label="Enregistrer le nom" onClick={save} loading={busy}>
                  <IconCheck size={16} />
                </ActionIcon>
              </Hint>
              <Hint label="Annuler">
                <ActionIcon variant="subtle" color="gray" aria-label="Annuler" onClick={() => setEditing(false)}>
                  <IconX size={16} />
                </ActionIcon>
              </Hint>
            </>
          ) : (
            <>
              <Hint label="Monter">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Monter ${category.name}`}
                  disabled={isFirst || busy}
                  onClick={() => onMove(-1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Hint>
              <Hint label="Descendre">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Descendre ${category.name}`}
                  disabled={isLast || busy}
                  onClick={() => onMove(1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Hint>
              <Hint label="Renommer">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Renommer ${category.name}`}
                  onClick={() => {
                    setName(category.name);
                    setEditing(true);
                  }}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Hint>
              <Hint label="Supprimer">
                <ActionIcon variant="subtle" color="red" aria-label={`Supprimer ${category.name}`} onClick={onDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Hint>
            </>
          )}
        </Group>
      )}
    </Group>
  );
}
