import "@mantine/core/styles.css";
import { formatContractStatus } from "@certidesk/shared";
import { Group, MantineProvider, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { theme } from "../src/app/theme";
import { Badges } from "../src/components/badges/Badges";
import { DataTable } from "../src/components/data-table/DataTable";
import type { DataTableColumn } from "../src/components/data-table/types";
import { installBenchApi } from "./bench-api";
import { type BenchRow, benchRows } from "./bench-rows";

const ROWS = benchRows(1000);

const COLUMNS: DataTableColumn<BenchRow>[] = [
  {
    key: "raisonSocial",
    title: "Raison sociale",
    sortable: true,
    weight: "bold",
    width: 260,
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={700} truncate>
          {row.raisonSocial}
        </Text>
        <Badges row={row} />
      </Group>
    ),
  },
  { key: "postalCode", title: "Code postal", sortable: true, align: "center", width: 110 },
  { key: "contact", title: "Contact", width: 330 },
  { key: "evaluationDate", title: "Date d'évaluation", sortable: true, clickableIfHasData: true, width: 150 },
  { key: "dateRelance", title: "Relance", sortable: true, width: 100 },
  { key: "unitPrice", title: "Prix unitaire", sortable: true, align: "center", width: 130 },
  { key: "status", title: "Statut", width: 100, render: (row) => formatContractStatus(row.status) },
  { key: "actions", title: "Actions", actions: ["CONFIRM", "COMMENT", "EDIT", "DELETE"], width: 150 },
];

function BenchApp() {
  const [search, setSearch] = useState("");
  return (
    <MantineProvider theme={theme}>
      <div style={{ padding: 16 }}>
        <TextInput
          aria-label="Rechercher"
          placeholder="Rechercher"
          data-bench-search=""
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          mb="sm"
        />
        <DataTable
          columns={COLUMNS}
          rows={ROWS}
          searchText={search}
          maxHeight={600}
          aria-label="Établissements"
          getRowKey={(row) => row.id}
          onRowClick={() => {}}
          onCellClick={() => {}}
          onAction={() => {}}
        />
      </div>
    </MantineProvider>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("#root missing");
installBenchApi(() => createRoot(container).render(<BenchApp />));
