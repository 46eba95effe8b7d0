import { z } from "zod";
import { versionSchema } from "./common.js";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Couleur attendue au format #RRGGBB.");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable()
    .default(null);

/** The application configuration (white label and company identity). */
export const configurationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  logo: z.object({ url: z.string() }).nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  legalForm: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  accreditation: z.string().nullable(),
  demoData: z.boolean(),
  version: z.number().int(),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const updateConfigurationBodySchema = z.object({
  companyName: z.string().trim().min(1, "Le nom de la société est obligatoire.").max(120),
  primaryColor: hexColor,
  secondaryColor: hexColor,
  legalForm: optionalText(60),
  siret: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ""))
    .refine((v) => v === "" || /^\d{14}$/.test(v), "Le SIRET doit contenir 14 chiffres.")
    .transform((v) => v || null)
    .nullable()
    .default(null),
  vatNumber: optionalText(20),
  address: optionalText(200),
  postalCode: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{5}$/.test(v), "Le code postal doit contenir 5 chiffres.")
    .transform((v) => v || null)
    .nullable()
    .default(null),
  city: optionalText(100),
  phone: optionalText(30),
  email: z
    .union([z.literal(""), z.email("Adresse e-mail invalide.")])
    .transform((v) => v || null)
    .nullable()
    .default(null),
  accreditation: optionalText(120),
  version: versionSchema,
});
export type UpdateConfigurationBody = z.input<typeof updateConfigurationBodySchema>;

/** Which actions are blocked because the company identity is incomplete (invoicing law, mandatory mentions). */
export const blockActionDataSchema = z.object({
  missingFields: z.array(z.object({ field: z.string(), label: z.string() })),
  blockedActions: z.array(z.object({ action: z.string(), label: z.string(), reason: z.string() })),
});
export type BlockActionData = z.infer<typeof blockActionDataSchema>;
