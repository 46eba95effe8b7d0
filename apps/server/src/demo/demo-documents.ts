import type { DocumentFamily, FILED_DOCUMENT_FAMILIES } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { auditors, documentCategories, documents, documentVersions, users } from "../db/schema/index.js";
import { type CompanyIdentity, renderPdf } from "../lib/pdf/pdf-service.js";
import type { FileStorage } from "../lib/storage/index.js";
import { createConfigurationService } from "../modules/configuration/configuration.service.js";
import { withStoredFile } from "../modules/documents/stored-file.js";

type Owner = { kind: "none" } | { kind: "auditor"; index: number } | { kind: "client" };

interface DemoDocument {
  family: DocumentFamily;
  category: string;
  name: string;
  fileName: string;
  documentType?: string;
  description: string;
  owner: Owner;
  /** Paragraphs of the PDF, under its title. */
  body: string[];
}

const CATEGORIES: Record<(typeof FILED_DOCUMENT_FAMILIES)[number], string[]> = {
  GENERAL: ["Référentiels HAS", "Procédures internes", "Commercial"],
  RH: ["Contrats", "Formations"],
  AUDITOR: ["Déclarations", "Assurances"],
  CLIENT: ["Dossier de l'établissement"],
};

/** What a certification body keeps in each family, one small real PDF each. */
const LIBRARY: DemoDocument[] = [
  {
    family: "GENERAL",
    category: "Référentiels HAS",
    name: "Référentiel d'évaluation des ESSMS — synthèse v2025",
    fileName: "referentiel-has-synthese-2025.pdf",
    documentType: "Référentiel",
    description: "Les 3 chapitres, 157 critères dont 18 impératifs, et les méthodes d'évaluation.",
    owner: { kind: "none" },
    body: [
      "Chapitre 1 — La personne accompagnée : méthode de l'accompagné traceur, entretien avec la personne et ses proches.",
      "Chapitre 2 — Les professionnels : méthode du traceur ciblé, à partir d'un parcours ou d'une pratique.",
      "Chapitre 3 — L'ESSMS : méthode de l'audit système, avec la gouvernance et l'encadrement.",
      "Chaque critère est coté de 1 (pas du tout satisfaisant) à 4 (tout à fait satisfaisant), ou « optimisé ». Un critère impératif coté de 1 à 3 donne lieu à une fiche dédiée.",
    ],
  },
  {
    family: "GENERAL",
    category: "Procédures internes",
    name: "Procédure de traitement des réclamations",
    fileName: "procedure-reclamations.pdf",
    documentType: "Procédure",
    description: "Enregistrement, analyse et réponse sous 15 jours ; revue en comité qualité.",
    owner: { kind: "none" },
    body: [
      "1. Toute réclamation écrite ou orale est enregistrée le jour de sa réception par la personne qui la reçoit.",
      "2. Le responsable qualité l'analyse et propose une réponse sous 15 jours ouvrés.",
      "3. Les réclamations portant sur l'impartialité sont traitées par une personne extérieure à la mission.",
      "4. Le comité qualité revoit chaque trimestre les réclamations et les actions engagées.",
    ],
  },
  {
    family: "GENERAL",
    category: "Commercial",
    name: "Conditions générales de vente 2026",
    fileName: "conditions-generales-de-vente-2026.pdf",
    documentType: "Conditions de vente",
    description: "Applicables aux évaluations externes et aux certifications signées à partir du 1er janvier 2026.",
    owner: { kind: "none" },
    body: [
      "Article 1 — Objet : les présentes conditions s'appliquent aux prestations d'évaluation externe et de certification.",
      "Article 2 — Prix : les prix sont ceux du devis accepté ; les frais de déplacement sont inclus, en sus ou forfaitaires selon le devis.",
      "Article 3 — Paiement : à 30 jours à réception de facture ; pénalités de retard au taux de trois fois le taux d'intérêt légal.",
      "Article 4 — Annulation : une visite annulée moins de 15 jours avant la date prévue peut être facturée à hauteur de 30 %.",
    ],
  },
  {
    family: "GENERAL",
    category: "Référentiels HAS",
    name: "Guide de l'évaluateur — conduite de la visite",
    fileName: "guide-evaluateur-visite.pdf",
    documentType: "Guide",
    description: "Déroulé type d'une visite de deux jours, réunion d'ouverture et de restitution.",
    owner: { kind: "none" },
    body: [
      "Jour 1 : réunion d'ouverture, accompagnés traceurs, traceurs ciblés.",
      "Jour 2 : audit système gouvernance, entretiens avec les instances, réunion de restitution.",
      "Le rapport préliminaire est adressé dans les 30 jours suivant le dernier jour de visite.",
    ],
  },
  {
    family: "GENERAL",
    category: "Procédures internes",
    name: "Formulaire de déclaration d'intérêts",
    fileName: "formulaire-declaration-interets.pdf",
    documentType: "Formulaire",
    description: "À remplir par chaque évaluateur avant toute proposition de mission.",
    owner: { kind: "none" },
    body: [
      "Je soussigné(e) déclare n'avoir, pour l'établissement évalué ou son organisme gestionnaire, réalisé aucune prestation de conseil, de formation ou d'accompagnement dans les 24 mois précédant la visite.",
      "Je m'engage à n'en réaliser aucune dans les 12 mois qui suivent le premier jour de visite.",
      "Fait à ____________, le ____________. Signature :",
    ],
  },
  {
    family: "RH",
    category: "Contrats",
    name: "Contrat de prestation d'évaluateur",
    fileName: "contrat-prestation-evaluateur.pdf",
    description: "Contrat cadre de prestation, signé pour 2026.",
    owner: { kind: "auditor", index: 0 },
    body: [
      "Le présent contrat définit les conditions dans lesquelles l'évaluateur réalise des missions d'évaluation externe pour le compte de l'organisme.",
      "Rémunération : selon la grille des jours de visite et de rédaction en vigueur.",
      "Durée : du 1er janvier au 31 décembre 2026, renouvelable.",
    ],
  },
  {
    family: "RH",
    category: "Formations",
    name: "Attestation de formation à l'évaluation HAS",
    fileName: "attestation-formation-has.pdf",
    description: "Formation initiale des évaluateurs au référentiel HAS (3 jours).",
    owner: { kind: "auditor", index: 0 },
    body: [
      "Nous attestons que l'évaluateur a suivi la formation initiale au référentiel d'évaluation de la qualité des ESSMS (21 heures).",
      "Contenu : le référentiel, les méthodes d'évaluation, la cotation, la rédaction du rapport.",
    ],
  },
  {
    family: "RH",
    category: "Formations",
    name: "Attestation de formation — mise à jour du référentiel v1.1",
    fileName: "attestation-mise-a-jour-referentiel.pdf",
    description: "Mise à jour des connaissances sur la version de juillet 2025.",
    owner: { kind: "auditor", index: 1 },
    body: [
      "Formation de mise à jour (7 heures) sur les évolutions du référentiel applicables depuis le 1er juillet 2025.",
    ],
  },
  {
    family: "AUDITOR",
    category: "Déclarations",
    name: "Déclaration d'absence de conflit d'intérêts 2026",
    fileName: "declaration-absence-conflit-interets-2026.pdf",
    description: "Déclaration annuelle de l'évaluateur.",
    owner: { kind: "auditor", index: 0 },
    body: [
      "L'évaluateur déclare n'avoir aucun lien d'intérêts avec les établissements qui lui seront proposés, et s'engage à signaler tout lien avant d'accepter une mission.",
    ],
  },
  {
    family: "AUDITOR",
    category: "Assurances",
    name: "Attestation d'assurance responsabilité civile professionnelle",
    fileName: "attestation-rc-pro-2026.pdf",
    description: "Valable jusqu'au 31 décembre 2026.",
    owner: { kind: "auditor", index: 0 },
    body: [
      "L'assureur atteste que l'évaluateur est couvert en responsabilité civile professionnelle pour ses missions d'évaluation.",
    ],
  },
  {
    family: "CLIENT",
    category: "Dossier de l'établissement",
    name: "Projet d'établissement 2023-2027",
    fileName: "projet-etablissement-2023-2027.pdf",
    description: "Transmis par l'établissement pour la préparation de la visite.",
    owner: { kind: "client" },
    body: [
      "Orientations : un accompagnement personnalisé, la prévention des chutes, l'ouverture sur le quartier.",
      "Le projet a été présenté au conseil de la vie sociale le 14 mars 2023.",
    ],
  },
  {
    family: "CLIENT",
    category: "Dossier de l'établissement",
    name: "Rapport d'évaluation externe 2021",
    fileName: "rapport-evaluation-externe-2021.pdf",
    description: "Précédente évaluation externe, transmise à l'autorité de tarification.",
    owner: { kind: "client" },
    body: [
      "Synthèse : une dynamique d'amélioration continue engagée ; des axes de progrès sur la traçabilité des projets personnalisés.",
    ],
  },
];

/**
 * Fills the demo library with real small PDFs, rendered by the PDF service with the demo company's
 * identity, in every family and category; files go through the storage like any upload.
 */
export async function seedDemoDocuments(db: Database, storage: FileStorage): Promise<number> {
  const [director] = await db.select({ id: users.id }).from(users).where(eq(users.identifier, "dir@demo.fr"));
  const [clientUser] = await db
    .select({ clientId: users.clientId })
    .from(users)
    .where(eq(users.identifier, "client@demo.fr"));
  const [evaluatorUser] = await db
    .select({ auditorId: users.auditorId })
    .from(users)
    .where(eq(users.identifier, "auditeur@demo.fr"));
  // The demo evaluator (auditeur@demo.fr) first, so that account sees its own files; then a colleague.
  const evaluatorRows = (
    await db
      .select({ id: auditors.id, firstName: auditors.firstName, lastName: auditors.lastName })
      .from(auditors)
      .orderBy(auditors.lastName, auditors.id)
      .limit(20)
  ).sort((a, b) => Number(b.id === evaluatorUser?.auditorId) - Number(a.id === evaluatorUser?.auditorId));
  const identity: CompanyIdentity = {
    configuration: await createConfigurationService({ db }).get(),
    logo: null,
  };
  const categoryIds = new Map<string, string>();
  for (const [family, names] of Object.entries(CATEGORIES)) {
    const rows = await db
      .insert(documentCategories)
      .values(names.map((name, position) => ({ family, name, position })))
      .returning();
    for (const row of rows) categoryIds.set(`${family}/${row.name}`, row.id);
  }
  let stored = 0;
  for (const doc of LIBRARY) {
    const evaluator = doc.owner.kind === "auditor" ? evaluatorRows[doc.owner.index] : undefined;
    if (doc.owner.kind === "auditor" && !evaluator) continue;
    if (doc.owner.kind === "client" && !clientUser?.clientId) continue;
    const about = evaluator ? [`Évaluateur : ${evaluator.firstName} ${evaluator.lastName}`] : [];
    const data = await renderPdf(identity, doc.name, [
      { text: doc.name, style: "title" },
      ...about.map((text) => ({ text, bold: true, margin: [0, 0, 0, 6] })),
      ...doc.body.map((text) => ({ text, margin: [0, 0, 0, 6] })),
      { text: "Document de démonstration.", style: "small", margin: [0, 12, 0, 0] },
    ]);
    await withStoredFile(storage, data, "application/pdf", (file) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documents)
          .values({
            family: doc.family,
            name: doc.name,
            description: doc.description,
            documentType: doc.documentType ?? null,
            categoryId: categoryIds.get(`${doc.family}/${doc.category}`) ?? null,
            auditorId: evaluator?.id ?? null,
            clientId: doc.owner.kind === "client" ? (clientUser?.clientId ?? null) : null,
            fileName: doc.fileName,
            mimeType: "application/pdf",
            ...file,
            createdBy: director?.id ?? null,
          })
          .returning({ id: documents.id });
        if (!row) throw new Error("demo document not created");
        await tx.insert(documentVersions).values({
          documentId: row.id,
          versionNumber: 1,
          fileName: doc.fileName,
          mimeType: "application/pdf",
          ...file,
          createdBy: director?.id ?? null,
        });
      }),
    );
    stored++;
  }
  return stored;
}
