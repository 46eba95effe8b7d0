import {
  formatPhone,
  PUBLIC_KEY_TYPE_LABELS,
  PUBLIC_KEY_TYPES,
  parseDecimal,
  SECTOR_DOMAIN_LABELS,
  SECTOR_DOMAINS,
  TYPOLOGY_SECTOR_LABELS,
  TYPOLOGY_SECTORS,
  TYPOLOGY_TYPE_LABELS,
  TYPOLOGY_TYPES,
} from "@certidesk/shared";
import { MultiSelect, Select, SimpleGrid, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import type { FocusEvent } from "react";
import { NumericInput } from "../numeric-input/NumericInput";

/**
 * Binds the fields of one part of a form (e.g. "legalEntity") to Mantine's useForm: value,
 * onChange, error (the shared schema's message, or the server's) and validation on blur.
 */
export interface FieldBinder {
  (name: string): GetInputPropsReturnType;
  /** A phone field: regrouped in pairs when the user leaves it. */
  phone(name: string): GetInputPropsReturnType;
}

interface BindableForm {
  getInputProps(path: string): GetInputPropsReturnType;
  setFieldValue(path: string, value: string): void;
}

export function bindFields(form: BindableForm, prefix: string): FieldBinder {
  const path = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const bind = ((name: string) => form.getInputProps(path(name))) as FieldBinder;
  bind.phone = (name) => {
    const props = form.getInputProps(path(name));
    return {
      ...props,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        form.setFieldValue(path(name), formatPhone(event.currentTarget.value));
        props.onBlur?.(event);
      },
    };
  };
  return bind;
}

/** Form state of the party forms: strings as typed, checked by the shared schemas before sending. */
export type ContactForm = {
  firstName: string;
  lastName: string;
  occupation: string;
  tel: string;
  mobilePhone: string;
  email: string;
};
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

export type LegalEntityForm = {
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
};
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

export type EssmsForm = {
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
  billingEmail: string;
  chorusBuyerSiret: string;
  chorusServiceCode: string;
  chorusEngagementNumber: string;
};
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
  billingEmail: "",
  chorusBuyerSiret: "",
  chorusServiceCode: "",
  chorusEngagementNumber: "",
};
export const essmsBody = (f: EssmsForm) => ({
  ...f,
  typologySector: (f.typologySector ?? "") as "SOCIAL",
  typologyType: (f.typologyType ?? "") as "SERVICE",
  sectorDomains: f.sectorDomains as Array<"PA">,
  publicKeyTypes: f.publicKeyTypes as Array<"PA">,
  capacity: f.capacity.trim() === "" ? null : (parseDecimal(f.capacity) ?? Number.NaN),
});

export function ContactFields({ field }: { field: FieldBinder }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label="Prénom" {...field("firstName")} />
      <TextInput label="Nom" {...field("lastName")} />
      <TextInput label="Fonction" placeholder="Directrice" {...field("occupation")} />
      <TextInput label="Téléphone" type="tel" {...field.phone("tel")} />
      <TextInput label="Portable" type="tel" {...field.phone("mobilePhone")} />
      <TextInput label="E-mail" type="email" {...field("email")} />
    </SimpleGrid>
  );
}

function AddressFields({ field }: { field: FieldBinder }) {
  return (
    <>
      <TextInput label="Adresse" required {...field("address")} />
      <SimpleGrid cols={2}>
        <TextInput label="Code postal" required maxLength={5} inputMode="numeric" {...field("postalCode")} />
        <TextInput label="Ville" required {...field("city")} />
      </SimpleGrid>
      <TextInput label="Téléphone" type="tel" {...field.phone("phone")} />
      <TextInput label="E-mail" type="email" {...field("email")} />
    </>
  );
}

export function LegalEntityFields({
  field,
  gestionnaires,
}: {
  field: FieldBinder;
  gestionnaires: Array<{ value: string; label: string }>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextInput label="Raison sociale" required {...field("raisonSocial")} />
      <Select
        label="Organisme gestionnaire"
        placeholder="Aucun (entité indépendante)"
        searchable
        clearable
        data={gestionnaires}
        nothingFoundMessage="Aucun gestionnaire"
        {...field("gestionnaireId")}
      />
      <TextInput label="SIREN" description="9 chiffres" {...field("siren")} />
      <TextInput label="SIRET du siège" description="14 chiffres" {...field("siret")} />
      <TextInput label="N° de TVA intracommunautaire" placeholder="FR12345678901" {...field("vatNumber")} />
      <AddressFields field={field} />
    </SimpleGrid>
  );
}

export function EssmsFields({ field }: { field: FieldBinder }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextInput label="Nom de l'établissement" required {...field("raisonSocial")} />
      <TextInput label="N° FINESS" description="9 caractères" required maxLength={9} {...field("finess")} />
      <TextInput label="SIRET de l'établissement" {...field("siret")} />
      <TextInput label="Catégorie" placeholder="EHPAD, IME, SESSAD…" {...field("category")} />
      <Select
        label="Secteur"
        required
        data={TYPOLOGY_SECTORS.map((v) => ({ value: v, label: TYPOLOGY_SECTOR_LABELS[v] }))}
        {...field("typologySector")}
      />
      <Select
        label="Type"
        required
        data={TYPOLOGY_TYPES.map((v) => ({ value: v, label: TYPOLOGY_TYPE_LABELS[v] }))}
        {...field("typologyType")}
      />
      <MultiSelect
        label="Domaines"
        required
        data={SECTOR_DOMAINS.map((v) => ({ value: v, label: SECTOR_DOMAIN_LABELS[v] }))}
        {...field("sectorDomains")}
      />
      <MultiSelect
        label="Publics accueillis"
        data={PUBLIC_KEY_TYPES.map((v) => ({ value: v, label: PUBLIC_KEY_TYPE_LABELS[v] }))}
        {...field("publicKeyTypes")}
      />
      <NumericInput label="Capacité (places)" allowDecimal={false} allowNegative maxLength={7} {...field("capacity")} />
      <TextInput
        label="ATC (autorité de tarification et de contrôle)"
        placeholder="ARS, conseil départemental…"
        {...field("atc")}
      />
      <AddressFields field={field} />
      <TextInput
        label="E-mail de facturation"
        type="email"
        description="Les factures partent à cette adresse ; vide : e-mail de l'entité juridique, puis de l'établissement"
        {...field("billingEmail")}
      />
      <TextInput
        label="SIRET facturé (Chorus Pro)"
        description="Acheteur public : repris sur chaque facture"
        {...field("chorusBuyerSiret")}
      />
      <TextInput label="Code service (Chorus Pro)" maxLength={100} {...field("chorusServiceCode")} />
      <TextInput label="N° d'engagement (Chorus Pro)" maxLength={50} {...field("chorusEngagementNumber")} />
    </SimpleGrid>
  );
}
