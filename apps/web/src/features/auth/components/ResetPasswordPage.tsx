import { PASSWORD_RULE } from "@certidesk/shared";
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useResetPassword } from "../api/reset-password";
import { AuthCard } from "./AuthCard";
import { passwordProblem } from "./password-rules";

/** Public page /reinitialiser-mot-de-passe?token=…: the link received by e-mail leads here. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordProblem(password, confirmation);
    setProblem(found);
    if (found) return;
    await reset.mutateAsync({ token, password }).catch(() => null);
  }

  if (reset.isSuccess) {
    return (
      <AuthCard pageTitle="Mot de passe modifié" subtitle="Réinitialiser votre mot de passe">
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter avec ce nouveau mot de passe.
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Se connecter
        </Button>
      </AuthCard>
    );
  }

  const error = !token
    ? "Ce lien est incomplet. Ouvrez le lien reçu par e-mail, ou demandez-en un nouveau."
    : (problem ?? (reset.isError ? errorMessage(reset.error) : null));
  return (
    <AuthCard pageTitle="Nouveau mot de passe" subtitle="Choisissez votre nouveau mot de passe" onSubmit={submit}>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap={4}>
            <Text size="sm">{error}</Text>
            {(!token || reset.isError) && (
              <Anchor component={Link} to="/mot-de-passe-oublie" size="sm">
                Demander un nouveau lien
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <PasswordInput
        label="Nouveau mot de passe"
        description={PASSWORD_RULE}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        required
        disabled={!token}
        autoFocus
      />
      <PasswordInput
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.currentTarget.value)}
        required
        disabled={!token}
      />
      <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
        Enregistrer le mot de passe
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Retour à la connexion
      </Anchor>
    </AuthCard>
  );
}
