import { passwordSchema } from "@certidesk/shared";

/** The French reason a new password cannot be used yet, or null; the length rule is the server's own schema. */
export function passwordProblem(password: string, confirmation: string): string | null {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Mot de passe invalide.";
  if (password !== confirmation) return "Les deux mots de passe ne correspondent pas.";
  return null;
}
