import { Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { PublicPage } from "../../../components/page-footer/PageFooter";
import { useBranding } from "../../../lib/configuration/use-branding";

/** The sign-in pages' frame: the company's logo and name above a small form. */
export function AuthCard({
  pageTitle,
  subtitle,
  onSubmit,
  children,
}: {
  pageTitle: string;
  subtitle: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { companyName, logoUrl } = useBranding(pageTitle);
  return (
    <PublicPage>
      <Paper component="form" onSubmit={onSubmit} withBorder shadow="sm" p="xl" radius="md" w={420} noValidate>
        <Stack>
          <Stack gap={4} align="center">
            {logoUrl && <Image src={logoUrl} alt="" h={56} w="auto" fit="contain" />}
            <Title order={1} size="h2">
              {companyName}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </PublicPage>
  );
}
