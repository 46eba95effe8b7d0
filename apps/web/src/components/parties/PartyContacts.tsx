import { type Contact, formatContact } from "@certidesk/shared";
import { ActionIcon, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";

/** A contact as the spec shows it (name | phone | email), its role, and an edit button when allowed. */
export function ContactLine({ contact, onEdit }: { contact: Contact; onEdit?: (contact: Contact) => void }) {
  const name = `${contact.firstName} ${contact.lastName}`;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {formatContact(contact)}
        </Text>
        <Group gap={6}>
          {contact.occupation && (
            <Text size="xs" c="dimmed">
              {contact.occupation}
            </Text>
          )}
          {contact.isMain && (
            <Badge size="xs" variant="light" color="green">
              Principal
            </Badge>
          )}
          {contact.clientId === null && (
            <Badge size="xs" variant="light" color="gray">
              Entité juridique
            </Badge>
          )}
        </Group>
      </div>
      {onEdit && (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Modifier le contact ${name}`}
          onClick={() => onEdit(contact)}
        >
          <IconPencil size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Every contact of an establishment and of its legal entity, editable in place. */
export function PartyContacts({
  contacts,
  onEdit,
  onAdd,
}: {
  contacts: Contact[];
  onEdit?: (contact: Contact) => void;
  onAdd?: () => void;
}) {
  return (
    <Stack gap="xs">
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucun contact.
        </Text>
      )}
      {contacts.map((c) => (
        <ContactLine key={c.id} contact={c} onEdit={onEdit} />
      ))}
      {onAdd && (
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd} w="fit-content">
          Ajouter un contact
        </Button>
      )}
    </Stack>
  );
}
