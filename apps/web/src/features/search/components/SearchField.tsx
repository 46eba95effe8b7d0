import { Box, Group, Kbd, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import classes from "./SearchField.module.css";

// The bar and what it needs come with their own chunk, fetched at the first search: every screen's download
// stays as it was (scripts/bundle-budget.mjs).
const CommandBar = lazy(() => import("./CommandBar").then((m) => ({ default: m.CommandBar })));

/** Whether a key was typed into something that takes text, where "/" is a character, not a shortcut. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The header's search field: it opens the command bar, as do Ctrl+K (⌘K on a Mac) anywhere and "/" outside
 * a text field. On a phone, the magnifier alone.
 */
export function SearchField() {
  const [opened, setOpened] = useState(false);
  useWindowEvent("keydown", (event) => {
    const modK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
    if (!modK && !slash) return;
    event.preventDefault();
    setOpened(true);
  });
  return (
    <>
      <UnstyledButton
        className={classes.field}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
      >
        <Group gap={8} wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Box component="span" visibleFrom="sm" className={classes.placeholder}>
            Rechercher…
          </Box>
          <VisuallyHidden hiddenFrom="sm">Rechercher</VisuallyHidden>
          <Kbd size="xs" visibleFrom="sm">
            Ctrl K
          </Kbd>
        </Group>
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <CommandBar onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
