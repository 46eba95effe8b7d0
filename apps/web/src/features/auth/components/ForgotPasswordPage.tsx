import { Alert, Anchor, Button, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCard } from "./AuthCard";

/** Public page /mot-de-passe-oublie: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [identifier, setIdentifier] = useState("");
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!identifier.trim()) return setMissing(true);
    setMissing(false);
    await forgot.mutateAsync({ identifier: identifier.trim() }).catch(() => null);
  }

  const error = missing ? "Saisissez votre identifiant." : forgot.isError ? errorMessage(forgot.error) : null;
  return (
    <AuthCard pageTitle="Mot de passe oublié" subtitle="Réinitialiser votre mot de passe" onSubmit={submit}>
      {forgot.data ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {forgot.data.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Indiquez votre identifiant : si un compte lui correspond, vous recevrez par e-mail un lien pour choisir un
            nouveau mot de passe.
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Identifiant"
            autoComplete="username"
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
            required
            autoFocus
          />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            Recevoir le lien
          </Button>
        </>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Retour à la connexion
      </Anchor>
    </AuthCard>
  );
}
