import type { MailStatus } from "@certidesk/shared";
import { Group, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import type { MailSummary } from "../api/get-mail-summary";
import { FrenchDateInput } from "./FrenchDateInput";

export type StatusFilter = MailStatus | "ALL";

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: "ALL", label: "Tous" },
  { value: "SENT", label: "Envoyés" },
  { value: "QUEUED", label: "En file d'attente" },
  { value: "SENDING", label: "En cours d'envoi" },
  { value: "FAILED", label: "En échec" },
];
export const MAIL_STATUS_FILTERS = STATUS_OPTIONS.map((o) => o.value);

export interface MailFiltersProps {
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  counts: MailSummary["counts"] | undefined;
  search: string;
  onSearch: (value: string) => void;
  /** ISO days (YYYY-MM-DD), "" for none. */
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}

function countOf(counts: MailSummary["counts"] | undefined, status: StatusFilter): number {
  if (!counts) return 0;
  if (status === "ALL") return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return counts[status] ?? 0;
}

export function MailFilters(props: MailFiltersProps) {
  const { counts } = props;
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Stack gap="sm">
      <SegmentedControl
        style={{ alignSelf: phone ? "stretch" : "flex-start" }}
        orientation={phone ? "vertical" : "horizontal"}
        aria-label="Statut"
        value={props.status}
        onChange={(v) => props.onStatus(v as StatusFilter)}
        data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: `${o.label} (${countOf(counts, o.value)})` }))}
      />
      <Group align="flex-end" gap="md">
        <TextInput
          label="Rechercher"
          placeholder="Objet, destinataire, client"
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
        />
        <FrenchDateInput label="Du" onChange={props.onFrom} w={160} />
        <FrenchDateInput label="Au" onChange={props.onTo} w={160} />
      </Group>
    </Stack>
  );
}
