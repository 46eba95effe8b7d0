import { MONTH_NAMES } from "@certidesk/shared";
import { Anchor, Group, Select, Text } from "@mantine/core";
import { useState } from "react";
import { statementUrl } from "../api/statement-url";

/** The last 18 months, newest first: "2026-11" → "novembre 2026". */
function recentMonths(now = new Date()) {
  return Array.from({ length: 18 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
    return { value, label: `${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}` };
  });
}

/** The monthly statement of an evaluator (days, fees, expenses), in PDF or XLSX. */
export function StatementDownload({ auditorId }: { auditorId: string }) {
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]?.value ?? "");
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Relevé mensuel"
        data={months}
        value={month}
        onChange={(v) => v && setMonth(v)}
        allowDeselect={false}
        w={200}
      />
      <Text size="sm" pb={6}>
        <Anchor href={statementUrl(auditorId, month, "pdf")} download>
          Télécharger (PDF)
        </Anchor>
        {" · "}
        <Anchor href={statementUrl(auditorId, month, "xlsx")} download>
          Télécharger (XLSX)
        </Anchor>
      </Text>
    </Group>
  );
}
