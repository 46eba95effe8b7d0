import { type AccessibilityStatement, formatDate } from "@certidesk/shared";
import { Anchor, Code, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ChecklistSummary, Criterion } from "../../../lib/accessibility/rgaa-checklist";
import { CONFORMANCE_LABELS, formatRate } from "../../../lib/accessibility/rgaa-checklist";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A text the body typed in Settings: its paragraphs kept, or what to say when it left it empty. */
function FreeText({ text, empty }: { text: string; empty: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  if (paragraphs.length === 0) return <Text>{empty}</Text>;
  return paragraphs.map((p, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, never reordered
    <Text key={i} style={{ whiteSpace: "pre-line" }}>
      {p}
    </Text>
  ));
}

/** « 1 critère conforme », « 19 critères non conformes » (French: the singular up to one). */
const criteria = (count: number, status: string) =>
  count > 1 ? `${count} critères ${status.replace(/(\w+)$/, "$1s")}` : `${count} critère ${status}`;

/** A justification of the checklist: its `code` spans shown as code, the rest as text. */
function Justification({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
    i % 2 === 1 ? <Code key={i}>{part}</Code> : <span key={i}>{part}</span>,
  );
}

export function ConformanceSections(props: {
  bodyName: string;
  summary: ChecklistSummary;
  nonConformities: readonly Criterion[];
  statement: AccessibilityStatement;
}) {
  const { bodyName, summary, nonConformities, statement } = props;
  return (
    <>
      <Section title="État de conformité">
        <Text>
          Certidesk est <strong>{CONFORMANCE_LABELS[summary.state]}</strong> avec le référentiel général d'amélioration
          de l'accessibilité (RGAA), version 4.1
          {summary.state === "total" ? "." : ", en raison des non-conformités et des dérogations énumérées ci-dessous."}
        </Text>
      </Section>
      <Section title="Résultats des tests">
        <Text>
          L'auto-évaluation de conformité réalisée par {bodyName} révèle que{" "}
          <strong>{formatRate(summary.rate)} des critères</strong> du RGAA version 4.1 sont respectés.
        </Text>
        <List>
          <List.Item>{criteria(summary.conformant, "conforme")} ;</List.Item>
          <List.Item>{criteria(summary.nonConformant, "non conforme")} ;</List.Item>
          <List.Item>{criteria(summary.notApplicable, "non applicable")}.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Le taux est le nombre de critères conformes divisé par le nombre de critères applicables (conformes et non
          conformes), les critères non applicables exclus.
        </Text>
      </Section>
      <Section title="Contenus non accessibles">
        <Part title="Non-conformités">
          {nonConformities.length === 0 ? (
            <Text>Aucune.</Text>
          ) : (
            <List spacing={6}>
              {nonConformities.map((c) => (
                <List.Item key={c.number}>
                  <strong>
                    Critère {c.number} — {c.title}
                  </strong>{" "}
                  <Justification text={c.justification} />
                </List.Item>
              ))}
            </List>
          )}
        </Part>
        <Part title="Dérogations pour charge disproportionnée">
          <FreeText text={statement.derogations} empty="Aucune." />
        </Part>
        <Part title="Contenus non soumis à l'obligation d'accessibilité">
          <FreeText text={statement.exemptContent} empty="Aucun." />
        </Part>
      </Section>
    </>
  );
}

export function EstablishmentSection({ statement, sample }: { statement: AccessibilityStatement; sample: string[] }) {
  return (
    <Section title="Établissement de cette déclaration d'accessibilité">
      <Text>
        {statement.auditDate
          ? `Cette déclaration a été établie le ${formatDate(statement.auditDate)}.`
          : "La date de l'évaluation n'est pas encore renseignée."}
      </Text>
      <Part title="Méthode">
        <Text>
          Auto-évaluation de l'organisme, critère par critère, à partir de la grille RGAA 4.1 tenue avec le code de
          Certidesk, et des vérifications automatiques d'axe-core sur chaque écran, sur un écran de bureau et à 390 px
          de large.
        </Text>
      </Part>
      <Part title="Technologies utilisées pour la réalisation de Certidesk">
        <List>
          <List.Item>HTML</List.Item>
          <List.Item>CSS</List.Item>
          <List.Item>JavaScript</List.Item>
          <List.Item>WAI-ARIA</List.Item>
        </List>
      </Part>
      <Part title="Environnement de test">
        <FreeText text={statement.testEnvironment} empty="Non renseigné." />
      </Part>
      <Part title="Pages ayant fait l'objet de la vérification de conformité">
        <List>
          {sample.map((page) => (
            <List.Item key={page}>{page}</List.Item>
          ))}
        </List>
      </Part>
    </Section>
  );
}

export function ContactSections({ statement }: { statement: AccessibilityStatement }) {
  const { bodyName, contactEmail, postalAddress } = statement;
  return (
    <>
      <Section title="Retour d'information et contact">
        <Text>
          Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez contacter {bodyName} pour être
          orienté vers une alternative accessible ou obtenir le contenu sous une autre forme.
        </Text>
        {contactEmail || postalAddress ? (
          <List>
            {contactEmail && (
              <List.Item>
                Par e-mail :{" "}
                <Anchor underline="always" href={`mailto:${contactEmail}`}>
                  {contactEmail}
                </Anchor>
              </List.Item>
            )}
            {postalAddress && (
              <List.Item>
                Par courrier : <span style={{ whiteSpace: "pre-line" }}>{postalAddress}</span>
              </List.Item>
            )}
          </List>
        ) : (
          <Text>Les coordonnées de contact ne sont pas encore renseignées.</Text>
        )}
      </Section>
      <Section title="Voies de recours">
        <Text>
          Si vous avez signalé au responsable du site un défaut d'accessibilité qui vous empêche d'accéder à un contenu
          ou à un service, et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez saisir le Défenseur des
          droits :
        </Text>
        <List>
          <List.Item>
            par le formulaire en ligne :{" "}
            <Anchor underline="always" href="https://formulaire.defenseurdesdroits.fr/">
              formulaire.defenseurdesdroits.fr
            </Anchor>{" "}
            ;
          </List.Item>
          <List.Item>
            par chat, sur{" "}
            <Anchor underline="always" href="https://www.defenseurdesdroits.fr/">
              www.defenseurdesdroits.fr
            </Anchor>{" "}
            ;
          </List.Item>
          <List.Item>par téléphone : 09 69 39 00 00 ;</List.Item>
          <List.Item>
            par courrier postal, gratuit et sans affranchissement : Défenseur des droits, Libre réponse 71120, 75342
            Paris CEDEX 07.
          </List.Item>
        </List>
      </Section>
    </>
  );
}
