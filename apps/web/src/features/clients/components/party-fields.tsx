import {
  PUBLIC_KEY_TYPE_LABELS,
  PUBLIC_KEY_TYPES,
  SECTOR_DOMAIN_LABELS,
  SECTOR_DOMAINS,
  TYPOLOGY_SECTOR_LABELS,
  TYPOLOGY_SECTORS,
  TYPOLOGY_TYPE_LABELS,
  TYPOLOGY_TYPES,
} from "@certidesk/shared";
import { MultiSelect, Select, SimpleGrid, TextInput } from "@mantine/core";
import { NumericInput } from "../../../components";

/** Form state of the party forms: strings as typed; the server validates and answers in French. */
export interface ContactForm {
  firstName: string;
  lastName: string;
  occupation: string;
  tel: string;
  mobilePhone: string;
  email: string;
}
export const EMPTY_CONTACT: ContactForm = {
  firstName: "",
  lastName: "",
  occupation: "",
  tel: "",
  mobilePhone: "",
  email: "",
};
/** An untouched contact form is no contact at all. */
export const contactOrNull = (c: ContactForm) => (c.firstName.trim() || c.lastName.trim() ? c : null);

export interface LegalEntityForm {
  raisonSocial: string;
  siren: string;
  siret: string;
  vatNumber: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  gestionnaireId: string | null;
}
export const EMPTY_LEGAL_ENTITY: LegalEntityForm = {
  raisonSocial: "",
  siren: "",
  siret: "",
  vatNumber: "",
  address: "",
  postalCode: "",
  city: "",
  email: "",
  phone: "",
  gestionnaireId: null,
};

export interface EssmsForm {
  raisonSocial: string;
  finess: string;
  siret: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  typologySector: string | null;
  typologyType: string | null;
  category: string;
  sectorDomains: string[];
  publicKeyTypes: string[];
  capacity: string;
  atc: string;
}
export const EMPTY_ESSMS: EssmsForm = {
  raisonSocial: "",
  finess: "",
  siret: "",
  address: "",
  postalCode: "",
  city: "",
  email: "",
  phone: "",
  typologySector: null,
  typologyType: null,
  category: "",
  sectorDomains: [],
  publicKeyTypes: [],
  capacity: "",
  atc: "",
};
export const essmsBody = (f: EssmsForm) => ({
  ...f,
  typologySector: (f.typologySector ?? "") as "SOCIAL",
  typologyType: (f.typologyType ?? "") as "SERVICE",
  sectorDomains: f.sectorDomains as Array<"PA">,
  publicKeyTypes: f.publicKeyTypes as Array<"PA">,
  capacity: f.capacity.trim() === "" ? null : Number(f.capacity),
});

type Setter<T> = <K extends keyof T>(key: K, value: T[K]) => void;
const text =
  <T,>(set: Setter<T>, key: keyof T) =>
  (e: { currentTarget: { value: string } }) =>
    set(key, e.currentTarget.value as T[keyof T]);

export function ContactFields({ value, set }: { value: ContactForm; set: Setter<ContactForm> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label="Prénom" value={value.firstName} onChange={text(set, "firstName")} />
      <TextInput label="Nom" value={value.lastName} onChange={text(set, "lastName")} />
      <TextInput
        label="Fonction"
        placeholder="Directrice"
        value={value.occupation}
        onChange={text(set, "occupation")}
      />
      <TextInput label="Téléphone" value={value.tel} onChange={text(set, "tel")} />
      <TextInput label="Portable" value={value.mobilePhone} onChange={text(set, "mobilePhone")} />
      <TextInput label="E-mail" type="email" value={value.email} onChange={text(set, "email")} />
    </SimpleGrid>
  );
}

function AddressFields<T extends { address: string; postalCode: string; city: string; email: string; phone: string }>({
  value,
  set,
}: {
  value: T;
  set: Setter<T>;
}) {
  return (
    <>
      <TextInput label="Adresse" required value={value.address} onChange={text(set, "address")} />
      <SimpleGrid cols={2}>
        <TextInput
          label="Code postal"
          required
          maxLength={5}
          value={value.postalCode}
          onChange={text(set, "postalCode")}
        />
        <TextInput label="Ville" required value={value.city} onChange={text(set, "city")} />
      </SimpleGrid>
      <TextInput label="Téléphone" value={value.phone} onChange={text(set, "phone")} />
      <TextInput label="E-mail" type="email" value={value.email} onChange={text(set, "email")} />
    </>
  );
}

export function LegalEntityFields({
  value,
  set,
  gestionnaires,
}: {
  value: LegalEntityForm;
  set: Setter<LegalEntityForm>;
  gestionnaires: Array<{ value: string; label: string }>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextInput label="Raison sociale" required value={value.raisonSocial} onChange={text(set, "raisonSocial")} />
      <Select
        label="Organisme gestionnaire"
        placeholder="Aucun (entité indépendante)"
        searchable
        clearable
        data={gestionnaires}
        value={value.gestionnaireId}
        onChange={(v) => set("gestionnaireId", v)}
        nothingFoundMessage="Aucun gestionnaire"
      />
      <TextInput label="SIREN" description="9 chiffres" value={value.siren} onChange={text(set, "siren")} />
      <TextInput label="SIRET du siège" description="14 chiffres" value={value.siret} onChange={text(set, "siret")} />
      <TextInput
        label="N° de TVA intracommunautaire"
        placeholder="FR12345678901"
        value={value.vatNumber}
        onChange={text(set, "vatNumber")}
      />
      <AddressFields value={value} set={set} />
    </SimpleGrid>
  );
}

export function EssmsFields({ value, set }: { value: EssmsForm; set: Setter<EssmsForm> }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextInput
        label="Nom de l'établissement"
        required
        value={value.raisonSocial}
        onChange={text(set, "raisonSocial")}
      />
      <TextInput
        label="N° FINESS"
        description="9 caractères"
        required
        maxLength={9}
        value={value.finess}
        onChange={text(set, "finess")}
      />
      <TextInput label="SIRET de l'établissement" value={value.siret} onChange={text(set, "siret")} />
      <TextInput
        label="Catégorie"
        placeholder="EHPAD, IME, SESSAD…"
        value={value.category}
        onChange={text(set, "category")}
      />
      <Select
        label="Secteur"
        required
        data={TYPOLOGY_SECTORS.map((v) => ({ value: v, label: TYPOLOGY_SECTOR_LABELS[v] }))}
        value={value.typologySector}
        onChange={(v) => set("typologySector", v)}
      />
      <Select
        label="Type"
        required
        data={TYPOLOGY_TYPES.map((v) => ({ value: v, label: TYPOLOGY_TYPE_LABELS[v] }))}
        value={value.typologyType}
        onChange={(v) => set("typologyType", v)}
      />
      <MultiSelect
        label="Domaines"
        required
        data={SECTOR_DOMAINS.map((v) => ({ value: v, label: SECTOR_DOMAIN_LABELS[v] }))}
        value={value.sectorDomains}
        onChange={(v) => set("sectorDomains", v)}
      />
      <MultiSelect
        label="Publics accueillis"
        data={PUBLIC_KEY_TYPES.map((v) => ({ value: v, label: PUBLIC_KEY_TYPE_LABELS[v] }))}
        value={value.publicKeyTypes}
        onChange={(v) => set("publicKeyTypes", v)}
      />
      <NumericInput
        label="Capacité (places)"
        allowDecimal={false}
        maxLength={6}
        value={value.capacity}
        onChange={(v) => set("capacity", v)}
      />
      <TextInput
        label="ATC (autorité de tarification et de contrôle)"
        placeholder="ARS, conseil départemental…"
        value={value.atc}
        onChange={text(set, "atc")}
      />
      <AddressFields value={value} set={set} />
    </SimpleGrid>
  );
}
