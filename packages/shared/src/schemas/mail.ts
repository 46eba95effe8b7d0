import { z } from "zod";
import { searchTextSchema, typeError } from "../text.js";
import { pageQuerySchema, versionSchema } from "./common.js";

export const MAIL_STATUSES = ["QUEUED", "SENDING", "SENT", "FAILED"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  QUEUED: "Non envoyé (en file d'attente)",
  SENDING: "Envoi en cours",
  SENT: "Envoyé",
  FAILED: "Échec — nouvel essai programmé",
};

const emailList = z.array(z.email("Adresse e-mail invalide.")).max(50);

export const mailRowSchema = z.object({
  id: z.string(),
  templateCode: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  missionId: z.string().nullable(),
  relatedType: z.string().nullable(),
  relatedId: z.string().nullable(),
  containsSecret: z.boolean(),
  attachments: z.array(z.object({ documentId: z.string(), fileName: z.string() })),
});
export type MailRow = z.infer<typeof mailRowSchema>;

export const mailDetailSchema = mailRowSchema.extend({
  /** null when the mail carries a secret (password reset link): never shown. */
  body: z.string().nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const listMailsQuerySchema = pageQuerySchema.extend({
  status: z.enum(MAIL_STATUSES).optional(),
  clientId: z.uuid().optional(),
  /** A mission's mails (the mission's "E-mails" tab). */
  missionId: z.uuid().optional(),
  templateCode: z.string().trim().max(60).optional(),
  from: z.iso.date({ error: "Date de début invalide." }).optional(),
  to: z.iso.date({ error: "Date de fin invalide." }).optional(),
  sort: z.enum(["createdAt", "subject", "status", "sentAt"]).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
/** The status counts follow the list's search, dates and client (not its status). */
export const mailSummaryQuerySchema = listMailsQuerySchema.pick({
  search: true,
  clientId: true,
  templateCode: true,
  from: true,
  to: true,
});
export type MailSummaryQuery = z.input<typeof mailSummaryQuerySchema>;

export const sendMailBodySchema = z.object({
  to: emailList.min(1, "Indiquez au moins un destinataire."),
  cc: emailList.default([]),
  subject: z.string().trim().min(1, "L'objet est obligatoire.").max(300),
  body: z.string().trim().min(1, "Le message est obligatoire.").max(50_000),
  documentIds: z.array(z.uuid()).max(20).default([]),
  clientId: z.uuid().nullable().default(null),
});
export type SendMailBody = z.input<typeof sendMailBodySchema>;

/** The composer's "Client" choice: an establishment and its contacts' addresses, suggested as recipients. */
export const mailRecipientQuerySchema = z.object({ search: searchTextSchema.optional() });
export const mailRecipientOptionSchema = z.object({
  clientId: z.string(),
  raisonSocial: z.string(),
  city: z.string().nullable(),
  isClient: z.boolean(),
  contacts: z.array(z.object({ name: z.string(), email: z.string(), isMain: z.boolean() })),
});
export type MailRecipientOption = z.infer<typeof mailRecipientOptionSchema>;

export const mailTemplateSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  description: z.string().nullable(),
  variables: z.array(z.object({ name: z.string(), label: z.string() })),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const updateMailTemplateBodySchema = z.object({
  name: z.string().trim().min(1, "Le nom du modèle est obligatoire.").max(120),
  subject: z.string().trim().min(1, "L'objet est obligatoire.").max(300),
  body: z.string().trim().min(1, "Le message est obligatoire.").max(50_000),
  version: versionSchema,
});

export const previewMailTemplateBodySchema = z.object({
  subject: z.string().max(300),
  body: z.string().max(50_000),
  clientId: z.uuid().nullable().default(null),
});
export const mailPreviewSchema = z.object({ subject: z.string(), body: z.string(), sample: z.string() });

export const mailGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  emails: z.array(z.string()),
  version: z.number().int(),
});
export type MailGroup = z.infer<typeof mailGroupSchema>;

export const saveMailGroupBodySchema = z.object({
  name: z.string().trim().min(1, "Le nom de la liste est obligatoire.").max(120),
  description: z.string().trim().max(500).nullable().default(null),
  emails: emailList.min(1, "Indiquez au moins une adresse."),
  version: versionSchema.optional(),
});

export const forgotPasswordBodySchema = z.object({
  identifier: z
    .string({ error: typeError("L'identifiant est obligatoire.") })
    .trim()
    .min(1, "L'identifiant est obligatoire.")
    .max(200),
});
export const resetPasswordBodySchema = z.object({
  token: z.string().min(10, "Lien invalide.").max(200),
  password: z.string(),
});
export const FORGOT_PASSWORD_ANSWER =
  "Si un compte correspond à cet identifiant, un e-mail vient de lui être envoyé avec un lien valable une heure.";
