import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useCan } from "../../../lib/can";
import { type OwnerKind, useOwnerOptions } from "../api/get-owner-options";

const LABELS: Record<OwnerKind, string> = { client: "Client", auditor: "Évaluateur" };

/** The client or evaluator a document belongs to, searched on the server. */
export function OwnerSelect({
  kind,
  value,
  onChange,
  error,
}: {
  kind: OwnerKind;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
}) {
  const { can } = useCan();
  const allowed = can("CERTMANAGER_DOCUMENT", "create");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [selectedLabel, setSelectedLabel] = useState<string | null>(null);
  const { data = [], isError } = useOwnerOptions(kind, debounced || undefined, allowed);
  // Keep the chosen entry listed while another search runs, or the field would go blank.
  const options =
    value && selectedLabel && !data.some((o) => o.value === value) ? [{ value, label: selectedLabel }, ...data] : data;

  if (!allowed || isError) {
    return (
      <Select
        label={LABELS[kind]}
        data={[]}
        disabled
        placeholder="Liste indisponible"
        description={`La liste des ${kind === "client" ? "clients" : "évaluateurs"} n'a pas pu être chargée.`}
        required
      />
    );
  }
  return (
    <Select
      label={LABELS[kind]}
      placeholder="Rechercher…"
      searchable
      required
      data={options}
      value={value}
      onChange={(v, option) => {
        setSelectedLabel(option?.label ?? null);
        onChange(v);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search (accent-insensitive): show what it sent.
      filter={({ options: all }) => all}
      nothingFoundMessage="Aucun résultat"
      error={error}
    />
  );
}
