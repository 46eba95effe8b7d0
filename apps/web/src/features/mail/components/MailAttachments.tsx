import type { MailRow } from "@certidesk/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useState } from "react";
import { openDocument } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { getAttachmentDocument } from "../api/search-attachments";

/**
 * A mail's attachments. Opening one asks the library for a fresh signed link (the mail only
 * knows the document id), which needs the library's read right.
 */
export function MailAttachments({ attachments }: { attachments: MailRow["attachments"] }) {
  const { can } = useCan();
  const canOpen = can("CERTMANAGER_DOCUMENT", "read");
  const [opening, setOpening] = useState<string | null>(null);
  // Shown in place: a notification would open under the preview modal.
  const [failure, setFailure] = useState<string | null>(null);

  async function open(documentId: string) {
    setOpening(documentId);
    setFailure(null);
    // The window must open in the click's turn or the browser blocks it: open now, point it later.
    const target = window.open("about:blank", "_blank");
    // As with noopener: the document must not reach back into the app.
    if (target) target.opener = null;
    await getAttachmentDocument(documentId)
      .then((doc) => {
        if (target) target.location.href = doc.url;
        else openDocument({ id: doc.id, name: doc.name, url: doc.url }, (d) => d.url);
      })
      .catch((error: unknown) => {
        target?.close();
        setFailure(errorMessage(error));
      })
      .finally(() => setOpening(null));
  }

  if (attachments.length === 0) return <Text size="sm">Aucune</Text>;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {attachments.map((a) =>
          canOpen ? (
            <Button
              key={a.documentId}
              variant="light"
              size="compact-sm"
              leftSection={<IconPaperclip size={14} />}
              loading={opening === a.documentId}
              onClick={() => void open(a.documentId)}
            >
              {a.fileName}
            </Button>
          ) : (
            <Group key={a.documentId} gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Text size="sm">{a.fileName}</Text>
            </Group>
          ),
        )}
      </Group>
      {failure && (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
