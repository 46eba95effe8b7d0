import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useCan } from "../../../lib/can";
import { formatFileSize } from "../../../lib/file-size";
import { useAttachmentSearch } from "../api/search-attachments";

export interface AttachmentOption {
  value: string;
  label: string;
}

/** Library documents to attach, searched on the server; picking needs the library's read right. */
export function AttachmentPicker({
  value,
  onChange,
}: {
  value: AttachmentOption[];
  onChange: (value: AttachmentOption[]) => void;
}) {
  const { can } = useCan();
  const allowed = can("CERTMANAGER_DOCUMENT", "read");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = useAttachmentSearch(debounced.trim(), allowed);

  if (!allowed) {
    return (
      <MultiSelect
        label="Pièces jointes"
        data={[]}
        disabled
        description="Joindre un document demande le droit de lecture sur la bibliothèque."
      />
    );
  }
  const found = (data?.items ?? []).map((d) => ({
    value: d.id,
    label: `${d.name} (${d.fileName}, ${formatFileSize(d.size)})`,
  }));
  // The chosen ones stay in the list whatever the current search, or their pills would vanish.
  const options = [...value, ...found.filter((o) => !value.some((v) => v.value === o.value))];
  return (
    <MultiSelect
      label="Pièces jointes"
      description="Documents de la bibliothèque (20 au plus)"
      placeholder={value.length ? undefined : "Rechercher un document…"}
      searchable
      data={options}
      value={value.map((v) => v.value)}
      onChange={(ids) => onChange(ids.flatMap((id) => options.filter((o) => o.value === id)))}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched (accents and case ignored): keep its answer as it is.
      filter={({ options: all }) => all}
      maxValues={20}
      nothingFoundMessage={debounced ? "Aucun document trouvé" : "La bibliothèque est vide"}
      clearable
    />
  );
}
