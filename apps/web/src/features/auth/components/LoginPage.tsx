import { landingPathFor } from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PublicPage } from "../../../components/page-footer/PageFooter";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { CHOOSE_PASSWORD_PATH, REDIRECT_PARAM, safeRedirect } from "../../../lib/login-redirect";
import { useSession } from "../../../lib/session-context";
import { useLogin } from "../api/login";

export function LoginPage() {
  const { companyName, logoUrl, demoData } = useBranding("Connexion");
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!identifier.trim() || !password) {
      setMissing("Saisissez votre identifiant et votre mot de passe.");
      return;
    }
    setMissing(null);
    const user = await loginMutation.mutateAsync({ identifier: identifier.trim(), password }).catch(() => null);
    if (!user) return;
    signIn(user);
    if (user.mustChangePassword) {
      navigate(CHOOSE_PASSWORD_PATH, { replace: true });
      return;
    }
    // Back to the page asked for before signing in (same site, same area as the profile's own), else
    // the profile's landing page.
    const landing = landingPathFor(user);
    const asked = safeRedirect(searchParams.get(REDIRECT_PARAM));
    const area = landing?.split("/")[1];
    const destination = asked && area && asked.split("/")[1] === area ? asked : landing;
    if (!destination) return;
    // Spec: evaluators reach their space by a full page load.
    if (user.profileType === "AUDITEUR") window.location.assign(destination);
    else navigate(destination, { replace: true });
  }

  const error = missing ?? (loginMutation.isError ? errorMessage(loginMutation.error) : null);
  return (
    <PublicPage>
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p="xl" radius="md" w={400} noValidate>
        <Stack>
          <Stack gap={4} align="center">
            {logoUrl && <Image src={logoUrl} alt="" h={56} w="auto" fit="contain" />}
            <Title order={1} size="h2">
              {companyName}
            </Title>
            <Text c="dimmed" size="sm">
              Connectez-vous à votre espace
            </Text>
            {demoData && (
              <Badge color="orange" variant="light">
                Données de démonstration
              </Badge>
            )}
          </Stack>
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
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={loginMutation.isPending} fullWidth>
            Se connecter
          </Button>
          <Anchor component={Link} to="/mot-de-passe-oublie" size="sm" ta="center">
            Mot de passe oublié ?
          </Anchor>
          {demoData && (
            <Text size="xs" c="dimmed" ta="center">
              Comptes de démonstration : dir@demo.fr, cc@demo.fr, auditeur@demo.fr, client@demo.fr… mot de passe{" "}
              <Anchor component="span" size="xs">
                Demo-2026
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </PublicPage>
  );
}
