import {
  AUDITOR_ROLE_LABELS,
  AUDITOR_ROLES,
  AUDITOR_STATUS_LABELS,
  AUDITOR_STATUSES,
  type AuditorBody,
  CIVILITIES,
  PUBLIC_KEY_TYPE_LABELS,
  PUBLIC_KEY_TYPES,
  SECTOR_DOMAIN_LABELS,
  SECTOR_DOMAINS,
} from "@certidesk/shared";
import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, TagsInput, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DateField } from "../../../components";
import { useFareClasses } from "../api/get-fare-classes";
import { DEPARTEMENTS } from "./auditor-labels";

export type AuditorForm = UseFormReturnType<AuditorBody>;
export type Section = "identite" | "competences" | "zones" | "conditions";

/** The fields of one part of the file; `staff` false greys out what only RH changes. */
export function AuditorFields({ form, section, staff }: { form: AuditorForm; section: Section; staff: boolean }) {
  const { data: fareClasses = [] } = useFareClasses();
  const p = (path: keyof AuditorBody) => form.getInputProps(path);
  if (section === "identite")
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Civilité" data={[...CIVILITIES]} clearable {...p("civility")} />
        <span />
        <TextInput label="Prénom" required {...p("firstName")} />
        <TextInput label="Nom" required {...p("lastName")} />
        <TextInput label="E-mail" type="email" {...p("email")} />
        <TextInput label="Mobile" placeholder="06 12 34 56 78" {...p("mobilePhone")} />
        <TextInput label="Téléphone" {...p("phone")} />
        <TextInput label="Adresse" {...p("address")} />
        <TextInput label="Code postal" inputMode="numeric" {...p("postalCode")} />
        <TextInput label="Ville" {...p("city")} />
        <Select
          label="Statut"
          required
          allowDeselect={false}
          disabled={!staff}
          data={AUDITOR_STATUSES.map((s) => ({ value: s, label: AUDITOR_STATUS_LABELS[s] }))}
          {...p("status")}
        />
        <TextInput
          label="SIRET"
          description="Obligatoire pour un(e) indépendant(e)"
          disabled={!staff}
          {...p("siret")}
        />
        <Switch label="Actif" disabled={!staff} {...form.getInputProps("active", { type: "checkbox" })} />
      </SimpleGrid>
    );
  if (section === "competences")
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label="Domaines"
          disabled={!staff}
          data={SECTOR_DOMAINS.map((d) => ({ value: d, label: SECTOR_DOMAIN_LABELS[d] }))}
          {...p("sectorDomains")}
        />
        <MultiSelect
          label="Types de public"
          disabled={!staff}
          data={PUBLIC_KEY_TYPES.map((d) => ({ value: d, label: PUBLIC_KEY_TYPE_LABELS[d] }))}
          {...p("publicTypes")}
        />
        <DateField
          label="Formation au référentiel HAS"
          disabled={!staff}
          value={form.values.referentielTrainingDate ?? null}
          onChange={(v) => form.setFieldValue("referentielTrainingDate", v || null)}
          error={form.errors.referentielTrainingDate}
        />
        <MultiSelect
          label="Rôles"
          disabled={!staff}
          data={AUDITOR_ROLES.map((r) => ({ value: r, label: AUDITOR_ROLE_LABELS[r] }))}
          {...p("roles")}
        />
        <TagsInput label="Langues" placeholder="Français, anglais… (Entrée pour ajouter)" {...p("languages")} />
      </SimpleGrid>
    );
  if (section === "zones")
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect label="Départements couverts" searchable data={DEPARTEMENTS} disabled={!staff} {...p("zones")} />
        <NumberInput
          label="Maximum de missions par mois"
          min={0}
          max={31}
          allowDecimal={false}
          disabled={!staff}
          {...p("maxMissionsPerMonth")}
          value={form.values.maxMissionsPerMonth ?? ""}
          onChange={(v) => form.setFieldValue("maxMissionsPerMonth", v === "" ? null : Number(v))}
        />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label="Tarif journalier (€ HT)"
        min={0}
        decimalSeparator=","
        thousandSeparator=" "
        decimalScale={2}
        disabled={!staff}
        {...p("dailyFee")}
        value={form.values.dailyFee ?? ""}
        onChange={(v) => form.setFieldValue("dailyFee", v === "" ? null : Number(v))}
      />
      <Select
        label="Classe de transport"
        clearable
        disabled={!staff}
        data={fareClasses.map((f) => ({ value: f._id, label: f.fareClassName }))}
        {...p("fareClassId")}
      />
      <Textarea label="Commentaire" autosize minRows={2} disabled={!staff} {...p("comment")} />
    </SimpleGrid>
  );
}
