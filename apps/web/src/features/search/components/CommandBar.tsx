import { Group, Input, Kbd, Loader, Modal, Text } from "@mantine/core";
import { useDebouncedValue, useId } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useSession } from "../../../lib/session-context";
import { searchable, useSearch } from "../api/search";
import classes from "./CommandBar.module.css";
import { type BarGroup, type BarOption, idleGroups, resultGroups } from "./options";
import { readRecent, rememberRecent } from "./recent";
import { useActiveOption } from "./use-active-option";

/** What the bar says of its state, read out by screen readers as it changes. */
function statusOf(text: string, groups: BarGroup[], loading: boolean, error: unknown): string {
  const count = groups.reduce((n, g) => n + g.options.length, 0);
  if (!text) return count ? "Ouverts récemment et actions : ↓ et ↑ pour choisir." : "Tapez pour chercher.";
  if (!searchable(text)) return "Tapez au moins 3 caractères.";
  if (error) return errorMessage(error);
  if (loading && count === 0) return "Recherche…";
  if (count === 0) return `Aucun résultat pour « ${text} ».`;
  return `${count} résultat${count > 1 ? "s" : ""} : ↓ et ↑ pour choisir, Entrée pour ouvrir.`;
}

function Option({
  option,
  active,
  onHover,
  onChoose,
}: {
  option: BarOption;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  return (
    // The keyboard acts from the text field (aria-activedescendant): an option is chosen there with Entrée, and a
    // click leaves the focus in the field (tabIndex -1: focusable by script only, never a tab stop).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field handles the keys of its options.
    <div
      id={option.id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      className={classes.option}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={onChoose}
    >
      <Text size="sm" fw={600} truncate component="div">
        {option.label}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {option.detail}
        {option.corrected && " · orthographe approchée"}
      </Text>
    </div>
  );
}

/**
 * The command bar (Ctrl+K, ⌘K, "/"): a search of every record the user may read, as they type, grouped by
 * kind; empty, the records opened lately and a few actions. A combobox whose focus stays in its field: the
 * options are chosen with ↓, ↑ and Entrée (aria-activedescendant), or with the mouse.
 */
export function CommandBar({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const { can, canOpen } = useCan();
  const navigate = useNavigate();
  const titleId = useId();
  const listId = useId();
  const [text, setText] = useState("");
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, 200);
  const results = useSearch(searchable(debounced) ? debounced : "");
  const userId = user?.id ?? "";
  const profileType = user?.profileType ?? "";
  const groups = useMemo(() => {
    if (!typed)
      return idleGroups(readRecent(userId), { profileType, canOpen, canCreateRequest: can("PROSPECT", "create") });
    return searchable(typed) ? resultGroups(results.data) : [];
  }, [typed, results.data, userId, profileType, can, canOpen]);
  const options = groups.flatMap((g) => g.options);

  const choose = (option: BarOption) => {
    if (option.record && userId) rememberRecent(userId, option.record);
    onClose();
    navigate(option.path);
  };
  const { active, setActiveId, onKeyDown } = useActiveOption(options, choose);
  const expanded = options.length > 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text id={titleId} component="span" fw={700}>
          Rechercher
        </Text>
      }
      size="lg"
      yOffset="8vh"
    >
      {/* Input, not TextInput: its own aria attributes (none here: no label, description nor error of its own)
          would replace the combobox's aria-describedby. */}
      <Input
        withAria={false}
        data-autofocus
        role="combobox"
        aria-labelledby={titleId}
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active?.id}
        aria-describedby={`${listId}-etat`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Établissement, n° de facture, contact, document…"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        mb="xs"
      />
      <Text id={`${listId}-etat`} role="status" size="xs" c="dimmed" mb={expanded ? "xs" : 0}>
        {statusOf(typed, groups, results.isFetching, results.error)}
      </Text>
      {expanded && (
        <div id={listId} role="listbox" aria-labelledby={titleId} className={classes.list}>
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form fields.
            <div key={group.id} role="group" aria-labelledby={`${listId}-${group.id}`}>
              <Text
                id={`${listId}-${group.id}`}
                size="xs"
                fw={700}
                tt="uppercase"
                c="dimmed"
                className={classes.groupLabel}
              >
                {group.label}
              </Text>
              {group.options.map((option) => (
                <Option
                  key={option.id}
                  option={option}
                  active={option.id === active?.id}
                  onHover={() => setActiveId(option.id)}
                  onChoose={() => choose(option)}
                />
              ))}
            </div>
          ))}
        </div>
      )}
      <Group gap="md" mt="sm" visibleFrom="sm">
        <Text size="xs" c="dimmed">
          <Kbd size="xs">↓</Kbd> <Kbd size="xs">↑</Kbd> choisir
        </Text>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Entrée</Kbd> ouvrir
        </Text>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Échap</Kbd> fermer
        </Text>
      </Group>
    </Modal>
  );
}
