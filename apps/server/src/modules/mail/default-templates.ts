/** The messages the trade sends, written in French; users adapt them in Settings › E-mails. */
export interface TemplateDefinition {
  code: string;
  name: string;
  description: string;
  subject: string;
  body: string;
}

const SIGNATURE = "\n\nBien cordialement,\n{{user.firstName}} {{user.lastName}}\n{{company.name}}\n{{company.phone}}";

export const DEFAULT_TEMPLATES: TemplateDefinition[] = [
  {
    code: "QUOTE_SEND",
    name: "Envoi du devis",
    description: "Accompagne le devis envoyé à l'établissement.",
    subject: "{{company.name}} — Devis {{quote.number}} pour l'évaluation externe de {{client.raisonSocial}}",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nSuite à votre demande, vous trouverez ci-joint notre devis n° {{quote.number}} pour l'évaluation externe de {{client.raisonSocial}}, d'un montant de {{quote.totalTTC}} TTC.\n\nCe devis est valable 3 mois. Nous restons à votre disposition pour toute question et pour convenir des dates de la visite.",
  },
  {
    code: "CONTRACT_SEND",
    name: "Envoi du contrat",
    description: "Accompagne le contrat à signer.",
    subject: "{{company.name}} — Contrat d'évaluation externe de {{client.raisonSocial}}",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nVous trouverez ci-joint le contrat relatif à l'évaluation externe de {{client.raisonSocial}}. Il précise les dates et la durée de la visite, le prix, les évaluateurs et le déroulé de l'évaluation.\n\nMerci de nous le retourner signé avant le {{contract.deadline}}.",
  },
  {
    code: "MISSION_PROPOSITION_AUDITOR",
    name: "Proposition de mission (évaluateur)",
    description: "Propose une mission à un évaluateur, qui l'accepte ou la refuse.",
    subject: "Proposition de mission — {{client.raisonSocial}} ({{mission.dates}})",
    body: "Bonjour {{auditor.firstName}},\n\nNous vous proposons l'évaluation externe de {{client.raisonSocial}} ({{client.city}}) aux dates suivantes : {{mission.dates}}.\n\nAvant d'accepter, vérifiez que vous n'avez aucun lien d'intérêts avec l'établissement ou son organisme gestionnaire (conseil, formation ou accompagnement dans les 24 mois précédant la visite, emploi dans les 5 dernières années, établissement du même département).\n\nMerci de nous répondre depuis votre espace évaluateur.",
  },
  {
    code: "MISSION_PROPOSITION_CLIENT",
    name: "Proposition d'évaluateurs (établissement)",
    description: "Présente l'équipe d'évaluation à l'établissement.",
    subject: "Votre évaluation externe — équipe d'évaluation proposée",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nNous vous proposons l'équipe suivante pour l'évaluation externe de {{client.raisonSocial}} : {{mission.auditors}}. La visite aura lieu les {{mission.dates}}.\n\nSi l'un des évaluateurs présente selon vous un lien d'intérêts avec votre établissement, merci de nous le signaler sans délai.",
  },
  {
    code: "MISSION_ORDER",
    name: "Ordre de mission",
    description: "Envoie l'ordre de mission à l'évaluateur.",
    subject: "Ordre de mission — {{client.raisonSocial}} ({{mission.dates}})",
    body: "Bonjour {{auditor.firstName}},\n\nVous trouverez ci-joint votre ordre de mission pour l'évaluation externe de {{client.raisonSocial}} les {{mission.dates}}.\n\nMerci de l'accepter ou de le refuser depuis votre espace évaluateur, ou par ce lien personnel : {{link}}",
  },
  {
    code: "MISSION_ORDER_CHANGED",
    name: "Ordre de mission modifié",
    description:
      "Remplace l'ordre de mission d'un évaluateur quand les dates ou son rôle changent ; il répond à nouveau.",
    subject: "Ordre de mission modifié — {{client.raisonSocial}} ({{mission.dates}})",
    body: "Bonjour {{auditor.firstName}},\n\nL'évaluation externe de {{client.raisonSocial}} ({{client.city}}) a changé : elle aura lieu les {{mission.dates}} (précédemment : {{mission.previousDates}}). Votre ordre de mission précédent est remplacé par celui ci-joint.\n\nMerci de l'accepter ou de le refuser à nouveau depuis votre espace évaluateur, ou par ce lien personnel : {{link}}",
  },
  {
    code: "MISSION_ORDER_CANCELLED",
    name: "Ordre de mission annulé",
    description: "Prévient l'évaluateur retiré de l'équipe que son ordre de mission est annulé.",
    subject: "Ordre de mission annulé — {{client.raisonSocial}}",
    body: "Bonjour {{auditor.firstName}},\n\nVous ne faites plus partie de l'équipe de l'évaluation externe de {{client.raisonSocial}} ({{client.city}}) prévue les {{mission.dates}}. Votre ordre de mission est annulé : vous n'avez rien à faire, et ces jours sont libérés dans votre agenda.\n\nMerci de votre disponibilité.",
  },
  {
    code: "MISSION_DATES_CHANGED",
    name: "Nouvelles dates de visite (établissement)",
    description: "Prévient l'établissement que les dates de sa visite d'évaluation externe changent.",
    subject: "Votre évaluation externe — nouvelles dates de visite",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nLes dates de la visite d'évaluation externe de {{client.raisonSocial}} changent : elle aura lieu les {{mission.dates}} (au lieu des {{mission.previousDates}}).\n\nVous retrouvez ces dates dans votre espace client. Si elles ne vous conviennent pas, merci de nous le signaler sans délai.",
  },
  {
    code: "REPORT_PRELIMINARY",
    name: "Rapport préliminaire",
    description: "Transmet le rapport préliminaire à l'établissement, qui dispose de 15 jours pour ses observations.",
    subject: "Rapport préliminaire de l'évaluation externe de {{client.raisonSocial}}",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nVous trouverez ci-joint le rapport préliminaire de l'évaluation externe de {{client.raisonSocial}}.\n\nVous disposez de 15 jours à compter de sa réception pour nous faire part de vos observations. Le rapport définitif y répondra.",
  },
  {
    code: "REPORT_FINAL",
    name: "Rapport définitif",
    description: "Transmet le rapport définitif.",
    subject: "Rapport définitif de l'évaluation externe de {{client.raisonSocial}}",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nVous trouverez ci-joint le rapport définitif de l'évaluation externe de {{client.raisonSocial}}, qui tient compte de vos observations.\n\nIl vous appartient de le transmettre, avec le plan d'action des critères impératifs, à votre autorité de tarification et de contrôle et à la HAS via la plateforme Synaé.",
  },
  {
    code: "OBSERVATIONS_RECEIVED",
    name: "Observations reçues",
    description: "Prévient le coordinateur que l'établissement a envoyé ses observations sur le rapport préliminaire.",
    subject: "Observations reçues — {{client.raisonSocial}}",
    body: "Bonjour {{auditor.firstName}},\n\n{{client.raisonSocial}} ({{client.city}}) a envoyé ses observations sur le rapport préliminaire ; vous les trouverez ci-jointes.\n\nLe rapport définitif, qui y répond, est attendu dans les délais fixés.",
  },
  {
    code: "REPORT_DUE_REMINDER",
    name: "Rappel d'échéance de rapport",
    description:
      "Rappelle au coordinateur qu'un rapport est attendu (quelques jours avant son échéance, réglable dans Paramètres › Missions).",
    subject: "Rappel — {{report.name}} de {{client.raisonSocial}} attendu le {{report.dueDate}}",
    body: "Bonjour {{auditor.firstName}},\n\nNous vous rappelons que le {{report.name}} de l'évaluation de {{client.raisonSocial}} ({{client.city}}) est attendu au plus tard le {{report.dueDate}}.\n\nMerci de le déposer à temps depuis votre espace évaluateur.",
  },
  {
    code: "ALERT_DIGEST",
    name: "Résumé quotidien des alertes",
    description:
      "Le résumé envoyé chaque jour aux utilisateurs qui l'ont demandé (menu du compte) : leurs nouvelles alertes, page par page.",
    subject: "{{company.name}} — {{digest.count}} nouvelle(s) alerte(s) au {{digest.date}}",
    body: "Bonjour {{recipient.firstName}},\n\nVoici vos nouvelles alertes depuis le dernier résumé.\n\n{{digest.summary}}\n\nToutes vos alertes : {{link}}\n\nVous recevez ce résumé parce que vous l'avez demandé ; vous pouvez l'arrêter depuis le menu de votre compte.",
  },
  {
    code: "INVOICE_SEND",
    name: "Envoi de facture",
    description: "Accompagne la facture.",
    subject: "{{company.name}} — Facture {{invoice.number}}",
    body: "Bonjour,\n\nVous trouverez ci-joint la facture n° {{invoice.number}} d'un montant de {{invoice.totalTTC}} TTC, relative à l'évaluation externe de {{client.raisonSocial}}, payable au plus tard le {{invoice.dueDate}}.",
  },
  {
    code: "INVOICE_REMINDER",
    name: "Relance de facture impayée",
    description: "Relance une facture restée impayée.",
    subject: "Relance — Facture {{invoice.number}} en attente de règlement",
    body: "Bonjour,\n\nSauf erreur de notre part, la facture n° {{invoice.number}} d'un montant de {{invoice.totalTTC}}, échue le {{invoice.dueDate}}, reste impayée.\n\nNous vous remercions de bien vouloir procéder à son règlement. Pour rappel, tout retard de paiement entraîne des pénalités et une indemnité forfaitaire de 40 € pour frais de recouvrement.",
  },
  {
    code: "SATISFACTION_QUESTIONNAIRE",
    name: "Questionnaire de satisfaction",
    description: "Envoie le questionnaire de satisfaction après la visite.",
    subject: "Votre avis sur l'évaluation externe de {{client.raisonSocial}}",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nL'évaluation externe de {{client.raisonSocial}} est terminée. Afin d'améliorer nos prestations, merci de prendre quelques minutes pour répondre à notre questionnaire de satisfaction : {{link}}",
  },
  {
    code: "FOLLOW_UP_REMINDER",
    name: "Relance",
    description: "Relance générale d'un prospect ou d'un client.",
    subject: "{{company.name}} — Suivi de votre dossier",
    body: "Bonjour {{contact.firstName}} {{contact.lastName}},\n\nNous revenons vers vous au sujet de l'évaluation externe de {{client.raisonSocial}}. N'hésitez pas à nous contacter pour en convenir.",
  },
  {
    code: "PASSWORD_RESET",
    name: "Réinitialisation du mot de passe",
    description: "Lien à usage unique, valable une heure. Son contenu n'est jamais affiché dans l'écran des e-mails.",
    subject: "{{company.name}} — Réinitialisation de votre mot de passe",
    body: "Bonjour {{user.firstName}},\n\nUne réinitialisation du mot de passe de votre compte {{company.name}} a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :\n\n{{link}}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  },
].map((t) => (t.code === "PASSWORD_RESET" ? t : { ...t, body: t.body + SIGNATURE }));

/** The variables a template may use, for the editor's help. */
export const TEMPLATE_VARIABLES: Array<{ name: string; label: string }> = [
  { name: "company.name", label: "Nom de la société" },
  { name: "company.phone", label: "Téléphone de la société" },
  { name: "company.email", label: "E-mail de la société" },
  { name: "user.firstName", label: "Prénom de l'expéditeur" },
  { name: "user.lastName", label: "Nom de l'expéditeur" },
  { name: "client.raisonSocial", label: "Raison sociale du client" },
  { name: "client.city", label: "Ville du client" },
  { name: "contact.firstName", label: "Prénom du contact" },
  { name: "contact.lastName", label: "Nom du contact" },
  { name: "auditor.firstName", label: "Prénom de l'évaluateur" },
  { name: "quote.number", label: "Numéro du devis" },
  { name: "quote.totalTTC", label: "Montant TTC du devis" },
  { name: "contract.deadline", label: "Date limite de retour du contrat" },
  { name: "mission.dates", label: "Dates de la visite" },
  { name: "mission.auditors", label: "Évaluateurs de la mission" },
  { name: "report.name", label: "Rapport attendu (rappel)" },
  { name: "report.dueDate", label: "Échéance du rapport (rappel)" },
  { name: "invoice.number", label: "Numéro de facture" },
  { name: "invoice.totalTTC", label: "Montant TTC de la facture" },
  { name: "invoice.dueDate", label: "Échéance de la facture" },
  { name: "link", label: "Lien" },
];
