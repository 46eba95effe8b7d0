import { Alert, Anchor, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Spinner } from "../../../components/loading/Spinner";
import { PublicPage } from "../../../components/page-footer/PageFooter";
import { RGAA_CHECKLIST } from "../../../lib/accessibility/checklist";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useStatement } from "../api/get-statement";
import { ConformanceSections, ContactSections, EstablishmentSection } from "./statement-sections";

/**
 * The accessibility statement the law asks of the body (article 47 of law 2005-102), in the RGAA's model:
 * public, reached from every page's footer. The rate and the non-conformities come from docs/rgaa.md; the
 * body's name, contact, dates and free texts from Settings › Accessibilité.
 */
export function AccessibilityStatementPage() {
  useBranding("Déclaration d'accessibilité");
  const { data: statement, error } = useStatement();
  return (
    <PublicPage>
      <Container size="md" px={0} w="100%">
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
          <Stack gap="lg">
            <Stack gap="xs">
              <Anchor component={Link} to="/" size="sm">
                Retour à l'application
              </Anchor>
              <Title order={1} size="h2">
                Déclaration d'accessibilité
              </Title>
            </Stack>
            {error && (
              <Alert color="red" role="alert">
                {errorMessage(error)}
              </Alert>
            )}
            {!statement && !error && <Spinner />}
            {statement && (
              <>
                <Text>
                  {statement.bodyName} s'engage à rendre ses services numériques accessibles, conformément à l'article
                  47 de la loi n° 2005-102 du 11 février 2005.
                </Text>
                <Text>
                  Cette déclaration d'accessibilité s'applique à Certidesk, l'application de gestion de{" "}
                  {statement.bodyName}, à l'adresse {window.location.origin}.
                </Text>
                <ConformanceSections
                  bodyName={statement.bodyName}
                  summary={RGAA_CHECKLIST.summary}
                  nonConformities={RGAA_CHECKLIST.nonConformities}
                  statement={statement}
                />
                <EstablishmentSection statement={statement} sample={RGAA_CHECKLIST.sample} />
                <ContactSections statement={statement} />
              </>
            )}
          </Stack>
        </Paper>
      </Container>
    </PublicPage>
  );
}
