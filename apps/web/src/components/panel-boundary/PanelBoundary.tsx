import { Button, Paper, Stack, Text } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";

/** What a panel shows instead of itself when it failed to render: the page around it keeps working. */
export function PanelFailure({ onRetry }: { onRetry?: () => void }) {
  return (
    // Plain parts the shell already carries: the boundary wraps every screen, its weight is every screen's.
    <Paper withBorder p="md" role="alert" bd="1px solid var(--mantine-color-red-6)">
      <Stack gap="xs" align="flex-start">
        <Text fw={700} c="red.8">
          Cette partie de la page n'a pas pu s'afficher
        </Text>
        <Text size="sm">
          Le reste de la page reste utilisable et rien de ce que vous aviez enregistré n'est perdu. Réessayez ; si le
          problème revient, signalez-le en précisant ce que vous faisiez.
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Réessayer
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * An error in one panel (a tab, a form) must not take the whole page down: React unmounts everything up
 * to the nearest boundary, and without one the router replaced the page with its English default.
 */
export class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Panneau en erreur", error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <PanelFailure onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
