import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useCan } from "../../../lib/can";
import { useLibrarySearch } from "../api/search-library";

export interface PickedDocument {
  value: string;
  label: string;
}

/** Documents of the general library to attach, searched on the server. */
export function LibraryPicker({
  value,
  onChange,
  error,
}: {
  value: PickedDocument[];
  onChange: (value: PickedDocument[]) => void;
  error?: React.ReactNode;
}) {
  const { can } = useCan();
  const allowed = can("CERTMANAGER_DOCUMENT", "read");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = useLibrarySearch(debounced.trim(), allowed);
  if (!allowed) return null;
  const found = (data?.items ?? []).map((d) => ({ value: d.id, label: d.name }));
  // The chosen ones stay among the options whatever the search, or their pills would vanish.
  const options = [...value, ...found.filter((o) => !value.some((v) => v.value === o.value))];
  return (
    <MultiSelect
      label="Pièces jointes"
      description="Documents de la bibliothèque générale (10 au plus)"
      placeholder={value.length ? undefined : "Rechercher un document…"}
      searchable
      clearable
      data={options}
      value={value.map((v) => v.value)}
      onChange={(ids) => onChange(ids.flatMap((id) => options.filter((o) => o.value === id)))}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      maxValues={10}
      nothingFoundMessage={debounced ? "Aucun document trouvé" : "La bibliothèque générale est vide"}
      error={error}
    />
  );
}
