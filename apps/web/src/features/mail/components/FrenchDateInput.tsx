import { CloseButton, TextInput } from "@mantine/core";
import { useState } from "react";
import { frenchDateToIso, maskFrenchDate } from "../french-date";

/**
 * A day typed as jj/mm/aaaa whatever the browser's language (a native date field follows the
 * browser's locale); `onChange` gives ISO days (YYYY-MM-DD), "" for none.
 */
export function FrenchDateInput({
  label,
  onChange,
  w,
}: {
  label: string;
  onChange: (iso: string) => void;
  w?: number;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  function change(raw: string) {
    const masked = maskFrenchDate(raw);
    setText(masked);
    if (masked === "") {
      setError(null);
      onChange("");
      return;
    }
    if (masked.length < 10) return setError(null);
    const iso = frenchDateToIso(masked);
    setError(iso ? null : "Date invalide.");
    if (iso) onChange(iso);
  }

  return (
    <TextInput
      label={label}
      placeholder="jj/mm/aaaa"
      inputMode="numeric"
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      error={error}
      w={w}
      rightSection={
        text ? <CloseButton size="sm" aria-label={`Effacer ${label.toLowerCase()}`} onClick={() => change("")} /> : null
      }
    />
  );
}
