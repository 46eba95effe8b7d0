import { landingPathFor, PASSWORD_RULE } from "@certidesk/shared";
import { Alert, Anchor, Button, PasswordInput, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useSession } from "../../../lib/session-context";
import { clearStoredSession } from "../../../lib/session-store";
import { useChangePassword } from "../api/change-password";
import { useLogout } from "../api/logout";
import { AuthCard } from "./AuthCard";
import { passwordProblem } from "./password-rules";

/** CHOOSE_PASSWORD_PATH (lib/login-redirect.ts): a user signed in with a provisional password lands here; nothing else opens before. */
export function ChoosePasswordPage() {
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const change = useChangePassword();
  const logout = useLogout();
  const [provisional, setProvisional] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  if (!user) return <Navigate to="/login" replace />;
  if (!user.mustChangePassword && !change.isPending) return <Navigate to={landingPathFor(user) ?? "/login"} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = provisional ? passwordProblem(password, confirmation) : "Saisissez le mot de passe provisoire reçu.";
    setProblem(found);
    if (found) return;
    const saved = await change.mutateAsync({ currentPassword: provisional, newPassword: password }).catch(() => null);
    if (!saved) return;
    refresh(saved);
    const landing = landingPathFor(saved) ?? "/login";
    // Spec: evaluators reach their space by a full page load.
    if (saved.profileType === "AUDITEUR") window.location.assign(landing);
    else navigate(landing, { replace: true });
  }

  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
    clearStoredSession();
    window.location.assign("/login");
  }

  const error = problem ?? (change.isError ? errorMessage(change.error) : null);
  return (
    <AuthCard pageTitle="Choisir votre mot de passe" subtitle="Choisissez votre mot de passe" onSubmit={submit}>
      <Text size="sm">
        Bonjour {user.firstName}, vous vous êtes connecté(e) avec un mot de passe provisoire. Choisissez maintenant
        votre propre mot de passe : personne d'autre ne le connaîtra.
      </Text>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <PasswordInput
        label="Mot de passe provisoire"
        autoComplete="current-password"
        value={provisional}
        onChange={(e) => setProvisional(e.currentTarget.value)}
        required
        autoFocus
      />
      <PasswordInput
        label="Nouveau mot de passe"
        description={PASSWORD_RULE}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        required
      />
      <PasswordInput
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.currentTarget.value)}
        required
      />
      <Button type="submit" loading={change.isPending} fullWidth>
        Enregistrer mon mot de passe
      </Button>
      <Anchor component="button" type="button" size="sm" ta="center" onClick={signOut}>
        Se déconnecter
      </Anchor>
    </AuthCard>
  );
}
