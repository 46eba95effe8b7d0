import type { AlertPageSummary } from "@certidesk/shared";
import { Badge, Group, Select, Tabs } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

export interface AlertPageTabsProps {
  pages: readonly AlertPageSummary[];
  value: string;
  onChange: (key: string) => void;
}

/** One tab per alert page the user may see, with its count; a menu on a phone. */
export function AlertPageTabs({ pages, value, onChange }: AlertPageTabsProps) {
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  if (phone)
    return (
      <Select
        label="Page d'alertes"
        allowDeselect={false}
        data={pages.map((p) => ({ value: p.key, label: `${p.label} (${p.count})` }))}
        value={value}
        onChange={(key) => key && onChange(key)}
      />
    );
  return (
    <Tabs value={value} onChange={(key) => key && onChange(key)} activateTabWithKeyboard={false}>
      <Tabs.List aria-label="Pages d'alertes">
        {pages.map((p) => (
          <Tabs.Tab key={p.key} value={p.key}>
            <Group gap={6} wrap="nowrap">
              <span>{p.label}</span>
              <Badge
                size="sm"
                circle={p.count < 10}
                color={p.count > 0 ? "orange" : "gray"}
                variant={p.count > 0 ? "filled" : "light"}
              >
                {p.count}
              </Badge>
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
