/** User-facing messages of the spec (section 8) and of the platform. */
export const MESSAGES = {
  saved: "Les données ont été sauvegardées",
  genericError: "Une erreur est survenue.",
  febRegenerated: "La FEB a été régénérée avec succès.",
  febNotRegenerated: "La FEB n'a pas pu être régénérée.",
  badCredentials: "Identifiant ou mot de passe incorrect.",
  tooManyAttempts: "Trop de tentatives de connexion. Réessayez dans quelques minutes.",
  unauthenticated: "Votre session a expiré. Veuillez vous reconnecter.",
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  notFound: "Élément introuvable.",
  routeNotFound: "Adresse inconnue.",
  invalidInput: "Les données envoyées sont invalides.",
  staleVersion: "Ces données ont été modifiées entre-temps par quelqu'un d'autre. Rechargez la page puis recommencez.",
  passwordChangeRequired:
    "Choisissez d'abord votre propre mot de passe : le mot de passe provisoire ne sert qu'à cela.",
  csrf: "Requête refusée : jeton de sécurité manquant ou invalide. Rechargez la page.",
} as const;
