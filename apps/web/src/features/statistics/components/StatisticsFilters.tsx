import { SECTOR_DOMAIN_LABELS, SECTOR_DOMAINS } from "@certidesk/shared";
import { Group, Select } from "@mantine/core";
import { DateField } from "../../../components";
import { useStatisticsFilterOptions } from "../api/get-filter-options";

export interface FilterValues {
  from: string;
  to: string;
  domain: string;
  gestionnaireId: string;
  auditorId: string;
}

/** The period (French date picker), and the domain and gestionnaire, or the evaluator on the Liens tab. */
export function StatisticsFilters(props: {
  tab: "clients" | "liens";
  values: FilterValues;
  periodError: string | null;
  onChange: (key: keyof FilterValues, value: string) => void;
}) {
  const { values, onChange, tab } = props;
  const options = useStatisticsFilterOptions().data;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <DateField
        label="Du"
        w={{ base: "100%", xs: 160 }}
        value={values.from}
        onChange={(v) => onChange("from", v)}
        placeholder="il y a 12 mois"
      />
      <DateField
        label="Au"
        w={{ base: "100%", xs: 160 }}
        value={values.to}
        onChange={(v) => onChange("to", v)}
        placeholder="aujourd'hui"
        error={props.periodError}
      />
      {tab === "clients" ? (
        <>
          <Select
            label="Domaine"
            w={{ base: "100%", xs: 260 }}
            placeholder="Tous les domaines"
            clearable
            data={SECTOR_DOMAINS.map((v) => ({ value: v, label: SECTOR_DOMAIN_LABELS[v] }))}
            value={values.domain || null}
            onChange={(v) => onChange("domain", v ?? "")}
          />
          <Select
            label="Gestionnaire"
            w={{ base: "100%", xs: 260 }}
            placeholder="Tous les gestionnaires"
            clearable
            searchable
            nothingFoundMessage="Aucun gestionnaire"
            data={options?.gestionnaires ?? []}
            value={values.gestionnaireId || null}
            onChange={(v) => onChange("gestionnaireId", v ?? "")}
          />
        </>
      ) : (
        <Select
          label="Évaluateur"
          w={{ base: "100%", xs: 260 }}
          placeholder="Tous les évaluateurs"
          clearable
          searchable
          nothingFoundMessage="Aucun évaluateur"
          data={options?.evaluators ?? []}
          value={values.auditorId || null}
          onChange={(v) => onChange("auditorId", v ?? "")}
        />
      )}
    </Group>
  );
}
