/** A check the planner overrode for a change (double booking, leave, zone…), with the justification given. */
export interface OverriddenCheck {
  /** The rule's code, as the checks name it. */
  check: string;
  /** What the check said, in French. */
  message: string;
  justification: string;
}

/** Who a change reached: evaluators by name, the establishment by address ("" when it has none). */
export interface Told {
  renewed: string[];
  sent: string[];
  cancelled: string[];
  withoutEmail: string[];
  establishment: string | null;
}

export interface FollowFacts {
  datesBefore: string;
  datesAfter: string;
  datesMoved: boolean;
  added: string[];
  removed: string[];
  roleChanged: string[];
  told: Told;
  overrides: OverriddenCheck[];
}

const list = (names: string[]) => names.join(", ");

/**
 * The history entry of a change of days or team, in French: what moved, which orders were replaced, sent
 * or cancelled, who was told, which checks were overridden and why. The accreditation body reads it as is;
 * `changes` keeps the same facts as data.
 */
export function followSummary(f: FollowFacts) {
  const parts: string[] = [];
  if (f.datesMoved)
    parts.push(`Visite déplacée : ${f.datesBefore || "à programmer"} → ${f.datesAfter || "à programmer"}.`);
  const team = [
    f.added.length ? `arrivée de ${list(f.added)}` : "",
    f.removed.length ? `départ de ${list(f.removed)}` : "",
    f.roleChanged.length ? `rôle changé pour ${list(f.roleChanged)}` : "",
  ].filter(Boolean);
  if (team.length) parts.push(`Équipe : ${team.join(" ; ")}.`);
  const { told } = f;
  if (told.renewed.length) parts.push(`Ordres de mission remplacés et renvoyés à ${list(told.renewed)}.`);
  if (told.sent.length) parts.push(`Ordre de mission envoyé à ${list(told.sent)}.`);
  if (told.cancelled.length)
    parts.push(`Ordre de mission annulé pour ${list(told.cancelled)}, prévenu(e)s par e-mail.`);
  if (told.withoutEmail.length) parts.push(`Sans adresse e-mail, non prévenu(e)s : ${list(told.withoutEmail)}.`);
  if (told.establishment) parts.push(`Établissement prévenu des nouvelles dates (${told.establishment}).`);
  if (told.establishment === "")
    parts.push("Établissement sans adresse e-mail : nouvelles dates visibles sur son portail.");
  if (f.overrides.length)
    parts.push(
      `Contrôles passés outre : ${f.overrides.map((o) => `${o.message} (justification : ${o.justification})`).join(" ; ")}.`,
    );
  return {
    summary: parts.join(" "),
    changes: {
      days: f.datesMoved ? { from: f.datesBefore, to: f.datesAfter } : undefined,
      team: { added: f.added, removed: f.removed, roleChanged: f.roleChanged },
      told,
      overriddenChecks: f.overrides,
    },
  };
}
