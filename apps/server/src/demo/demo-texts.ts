import { DEFAULT_QUOTE_LINES } from "@certidesk/shared";

/** Texts of the demo's pipeline: quote lines, comments, refusal reasons. */
export const ESSMS_LINES = DEFAULT_QUOTE_LINES.ESSMS_EVALUATION;
export const CERTIFICATION_LINES = DEFAULT_QUOTE_LINES.CERTIFICATION;

export const PROSPECT_COMMENTS = [
  "Premier échange téléphonique avec la direction : évaluation souhaitée au second semestre.",
  "La directrice attend la validation du conseil d'administration avant de signer.",
  "Relancer pour obtenir le rapport de la précédente évaluation.",
  "Demande de précisions sur le nombre de jours de visite : devis ajusté.",
  "L'ATC a confirmé le calendrier, résultat attendu avant la fin de l'année.",
  "Rendez-vous de cadrage fixé avec la responsable qualité.",
  "Établissement en cours de changement de direction, rappeler le mois prochain.",
  "Souhaite regrouper l'évaluation avec les autres établissements de l'association.",
  "Dossier complet reçu par courrier.",
  "Consultation en cours auprès de trois organismes évaluateurs.",
];
export const CLIENT_COMMENTS = [
  "Plan de préparation envoyé à l'établissement.",
  "La direction souhaite décaler la visite de deux semaines.",
  "Rapport préliminaire envoyé, observations attendues sous 15 jours.",
  "Liste des personnes à rencontrer reçue.",
  "Le CVS sera informé de la visite lors de sa prochaine séance.",
  "Confirmer la salle de travail pour les évaluateurs.",
  "Rapport définitif transmis, à déposer sur Synaé par l'établissement.",
  "Appel de la directrice : questions sur les critères impératifs.",
];
export const REFUSAL_REASONS = [
  "Devis refusé par l'établissement",
  "Autre organisme retenu",
  "Demande sans suite",
  "Demande non recevable",
];
