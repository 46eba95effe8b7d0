import { z } from "zod";

/**
 * The daily digest of alerts: each staff user opts in for themselves (`alertDigest`, edited from the
 * account menu); the hour it leaves (Paris time) is a setting of Settings › Alertes.
 */
export const alertDigestPreferenceSchema = z.object({
  /** The user receives one mail a day listing their new alerts (none when nothing is new). */
  alertDigest: z.boolean(),
  /** The hour the digest leaves, 0–23, Paris time (read-only here: Settings › Alertes). */
  hour: z.number().int(),
});
export type AlertDigestPreference = z.infer<typeof alertDigestPreferenceSchema>;
export const alertDigestPreferenceBodySchema = z.object({ alertDigest: z.boolean() });

export const alertDigestSettingsSchema = z.object({
  hour: z.number().int().min(0).max(23),
  version: z.number().int(),
});
export type AlertDigestSettings = z.infer<typeof alertDigestSettingsSchema>;
export const alertDigestSettingsBodySchema = z.object({
  hour: z.coerce
    .number({ error: "Indiquez une heure." })
    .int("Indiquez une heure entière.")
    .min(0, "L'heure va de 0 à 23.")
    .max(23, "L'heure va de 0 à 23."),
  version: z.number().int(),
});
