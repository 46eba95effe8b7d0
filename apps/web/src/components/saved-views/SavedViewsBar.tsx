import type { SavedView } from "@certidesk/shared";
import { ActionIcon, Button, Group, Menu, Tabs, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconDeviceFloppy, IconDots, IconRestore } from "@tabler/icons-react";
import { useState } from "react";
import { notifyError, notifySaved } from "../../lib/notify";
import { type ColumnChoice, ColumnsControl } from "./ColumnsControl";
import { SaveViewModal } from "./SaveViewModal";
import { useDeleteSavedView, useUpdateSavedView } from "./saved-views-api";

const ALL = "all";

export interface SavedViewsBarProps {
  listKey: string;
  /** How the list calls itself in labels: "clients". */
  label: string;
  views: SavedView[];
  /** The tab shown: "all", a view's id, or null when the list shows something of no tab. */
  activeTab: string | null;
  onOpenAll: () => void;
  onOpenView: (view: SavedView) => void;
  /** What a view saved now keeps. */
  current: { query: string; columns: string[] | null };
  /** Whether the list differs from its default state (Réinitialiser is shown). */
  changed: boolean;
  onReset: () => void;
  choices: ColumnChoice[];
  onColumnsChange: (choices: ColumnChoice[]) => void;
  mayShare: boolean;
}

/**
 * Above a list: "Tous" and the saved views as tabs (the user's, then those shared with their profile), a menu
 * on the user's own open view, and the Colonnes, Enregistrer la vue and Réinitialiser buttons.
 */
export function SavedViewsBar(props: SavedViewsBarProps) {
  const { listKey, label, views, activeTab, current, mayShare } = props;
  const [editing, setEditing] = useState<SavedView | null | "new">(null);
  const update = useUpdateSavedView(listKey);
  const remove = useDeleteSavedView(listKey);
  // The menu stays on the user's view last opened after its display is changed (to save the change into it).
  const [opened, setOpened] = useState<string | null>(null);
  const active = views.find((v) => v.mine && v.id === (activeTab ?? opened));

  const saveCurrentInto = (view: SavedView) =>
    update
      .mutateAsync({
        id: view.id,
        body: { ...current, name: view.name, sharedProfileType: view.sharedProfileType, version: view.version },
      })
      .then(() => notifySaved(`Vue « ${view.name} » mise à jour.`), notifyError);
  const confirmDelete = (view: SavedView) =>
    modals.openConfirmModal({
      title: `Supprimer la vue « ${view.name} »`,
      children: (
        <Text size="sm">
          La vue disparaît pour vous{view.sharedProfileType ? " et pour le profil qui la voit" : ""}.
        </Text>
      ),
      labels: { confirm: "Supprimer", cancel: "Annuler" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutateAsync({ id: view.id, version: view.version }).then(() => {
          notifySaved(`Vue « ${view.name} » supprimée.`);
          props.onOpenAll();
        }, notifyError),
    });

  return (
    <Group justify="space-between" align="flex-end" gap="xs">
      <Group gap={4} align="flex-end" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 auto" }}>
        <Tabs
          value={activeTab}
          onChange={(value) => {
            if (value === ALL) props.onOpenAll();
            const view = views.find((v) => v.id === value);
            setOpened(view?.id ?? null);
            if (view) props.onOpenView(view);
          }}
          activateTabWithKeyboard={false}
          style={{ minWidth: 0 }}
        >
          <Tabs.List aria-label={`Vues de la liste des ${label}`}>
            <Tabs.Tab value={ALL}>Tous</Tabs.Tab>
            {views.map((view) => (
              <Tabs.Tab key={view.id} value={view.id}>
                {view.name}
                {!view.mine && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    · {view.ownerName}
                  </Text>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {active && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions de la vue « ${active.name} »`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(active)}>Renommer ou partager</Menu.Item>
              <Menu.Item onClick={() => void saveCurrentInto(active)}>Enregistrer l'affichage actuel</Menu.Item>
              <Menu.Item color="red" onClick={() => confirmDelete(active)}>
                Supprimer
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="xs">
        <ColumnsControl choices={props.choices} onChange={props.onColumnsChange} />
        <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setEditing("new")}>
          Enregistrer la vue
        </Button>
        {props.changed && (
          <Button variant="subtle" leftSection={<IconRestore size={16} />} onClick={props.onReset}>
            Réinitialiser
          </Button>
        )}
      </Group>
      <SaveViewModal
        listKey={listKey}
        view={editing === "new" ? null : editing}
        current={current}
        mayShare={mayShare}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Group>
  );
}
