import { Badge, Group, Menu, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconFileText } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { Hint } from "../tooltip/Hint";
import { type DocumentRef, defaultDocumentViewUrl, openDocument } from "./document-url";

/** Spec §9: document names are cut at 138px. */
export const DOCUMENT_NAME_MAX_WIDTH = 138;

const truncated: CSSProperties = {
  display: "inline-block",
  maxWidth: DOCUMENT_NAME_MAX_WIDTH,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "middle",
};

export interface DocumentCellProps {
  documents: readonly DocumentRef[] | null | undefined;
  /** Address opened for a document; default `/api/documents/view?p=<url>`. */
  buildViewUrl?: (doc: DocumentRef) => string;
}

function DocumentName({ doc }: { doc: DocumentRef }) {
  return (
    <Hint label={doc.name}>
      <span style={truncated} data-document-name="">
        {doc.name}
      </span>
    </Hint>
  );
}

/** A table cell listing documents: one opens directly, several open a small menu. */
export function DocumentCell({ documents, buildViewUrl = defaultDocumentViewUrl }: DocumentCellProps) {
  const first = documents?.[0];
  if (!documents || !first) return null;
  const open = (doc: DocumentRef) => openDocument(doc, buildViewUrl);

  if (documents.length === 1) {
    return (
      <UnstyledButton onClick={() => open(first)} c="brand" aria-label={`Ouvrir ${first.name}`}>
        <Group gap={4} wrap="nowrap">
          <IconFileText size={16} aria-hidden />
          <DocumentName doc={first} />
        </Group>
      </UnstyledButton>
    );
  }

  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        {/* Named by its content (WCAG 2.5.3: the name holds what shows), "documents" added for screen readers. */}
        <UnstyledButton c="brand">
          <Group gap={4} wrap="nowrap">
            <IconFileText size={16} aria-hidden />
            <DocumentName doc={first} />
            <Badge size="sm" circle variant="filled" data-testid="document-count">
              {documents.length}
            </Badge>
            <VisuallyHidden>documents</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {documents.map((doc) => (
          <Menu.Item key={doc.id} onClick={() => open(doc)} leftSection={<IconFileText size={14} aria-hidden />}>
            <DocumentName doc={doc} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
