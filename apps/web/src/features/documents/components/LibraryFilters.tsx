import { DOCUMENT_TYPES, type DocumentCategory } from "@certidesk/shared";
import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";

export interface LibraryFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  documentType: string | null;
  onDocumentType: (value: string | null) => void;
  categoryId: string | null;
  onCategory: (value: string | null) => void;
  /** The categories of the family shown. */
  categories: DocumentCategory[];
}

export function LibraryFilters(props: LibraryFiltersProps) {
  return (
    <Group align="flex-end">
      <TextInput
        label="Rechercher"
        placeholder="Nom, fichier, description"
        leftSection={<IconSearch size={16} />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        w={{ base: "100%", sm: 280 }}
      />
      <Select
        label="Type"
        placeholder="Tous les types"
        clearable
        data={[...DOCUMENT_TYPES]}
        value={props.documentType}
        onChange={props.onDocumentType}
      />
      <Select
        label="Catégorie"
        placeholder="Toutes les catégories"
        clearable
        data={props.categories.map((c) => ({ value: c.id, label: c.name }))}
        value={props.categoryId}
        onChange={props.onCategory}
        nothingFoundMessage="Aucune catégorie"
      />
    </Group>
  );
}
