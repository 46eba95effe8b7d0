import { type AlertRow, formatDate, formatDisplayValue, formatRelanceDate } from "@certidesk/shared";
import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { type DataTableColumn, Hint } from "../../../components";

/** Two lines in one cell: the main text, then a dimmed one under it. */
function TwoLines({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} component="div">
        {main}
      </Text>
      {sub ? (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The columns of an alert page (spec §3): the alert and what it says, the client with its postal
 * code, the measured value, the follow-up date as DD/MM/YYYY under "Relance", the due date, the action
 * to carry out (its description as tooltip), then the actions.
 */
export function alertColumns(
  renderActions: (row: AlertRow) => ReactNode,
  /** The Performances page: room for the "Envoyer aux évaluateurs" button. */
  withSatisfaction = false,
): DataTableColumn<AlertRow>[] {
  return [
    {
      key: "alertTitle",
      title: "Alerte",
      render: (row) => <TwoLines main={row.alertTitle.title} sub={row.alertTitle.description} />,
    },
    {
      key: "raisonSocial",
      title: "Établissement",
      width: 200,
      render: (row) => <TwoLines main={row.raisonSocial ?? "—"} sub={row.postalCode} />,
    },
    {
      key: "displayValue",
      priority: 1,
      title: "Valeur",
      width: 150,
      render: (row) => formatDisplayValue(row.displayValue),
    },
    {
      key: "dateRelance",
      priority: 3,
      title: "Relance",
      width: 90,
      align: "center",
      render: (row) => formatRelanceDate(row.dateRelance) || "—",
    },
    {
      key: "dueDate",
      priority: 2,
      title: "Échéance",
      width: 110,
      align: "center",
      render: (row) => formatDate(row.dueDate) || "—",
    },
    {
      key: "formattedActionMener",
      priority: 1,
      title: "Action à mener",
      width: 190,
      render: (row) => (
        <Hint label={row.actionMenerDescription}>
          <Text size="sm" td="underline dotted" style={{ textUnderlineOffset: 3 }} tabIndex={0}>
            {row.formattedActionMener}
          </Text>
        </Hint>
      ),
    },
    { key: "actions", title: "Actions", width: withSatisfaction ? 380 : 190, render: renderActions },
  ];
}
