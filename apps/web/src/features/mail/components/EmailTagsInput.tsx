import { TagsInput } from "@mantine/core";
import { useState } from "react";
import { invalidEmailsMessage, mergeEmails } from "../email-list";

export interface EmailTagsInputProps {
  label: string;
  value: string[];
  onChange: (emails: string[]) => void;
  required?: boolean;
  description?: string;
  /** An error from the server or the form, shown when the field has none of its own. */
  error?: string | null;
}

/** E-mail addresses as tags: typed, pasted (split on commas, semicolons, spaces) and checked one by one. */
export function EmailTagsInput({ label, value, onChange, required, description, error }: EmailTagsInputProps) {
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <TagsInput
      label={label}
      description={description}
      required={required}
      placeholder={value.length === 0 ? "nom@domaine.fr" : undefined}
      value={value}
      onChange={(next) => {
        // Tags removed stay removed; added ones are checked.
        const kept = next.filter((e) => value.includes(e));
        const added = next.filter((e) => !value.includes(e));
        const result = mergeEmails(kept, added);
        setRefused(invalidEmailsMessage(result.invalid));
        onChange(result.emails);
      }}
      splitChars={[",", ";", " "]}
      acceptValueOnBlur
      clearable
      error={refused ?? error}
    />
  );
}
