import type { MailRow } from "@certidesk/shared";
import { ActionIcon, Anchor, Group, Text } from "@mantine/core";
import { IconEye, IconPaperclip, IconSend, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type DataTableColumn, Hint } from "../../../components";
import { formatDateTime } from "../../../lib/date-time";
import { MailStatusBadge } from "./MailStatusBadge";

export interface MailColumnOptions {
  canResend: boolean;
  canDelete: boolean;
  onPreview: (mail: MailRow) => void;
  onResend: (mail: MailRow) => void;
  onDelete: (mail: MailRow) => void;
}

function IconAction(props: { label: string; color?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Hint label={props.label}>
      <ActionIcon variant="light" color={props.color} aria-label={props.label} onClick={props.onClick}>
        {props.children}
      </ActionIcon>
    </Hint>
  );
}

/** The outbox's columns; the icon actions carry the spec's keys mailPreviewer and mailDelete. */
export function mailColumns(options: MailColumnOptions): DataTableColumn<MailRow>[] {
  const columns: Array<DataTableColumn<MailRow> | null> = [
    {
      key: "createdAt",
      priority: 2,
      title: "Créé le",
      width: 135,
      sortable: true,
      render: (m) => formatDateTime(m.createdAt),
    },
    {
      key: "subject",
      title: "Objet",
      sortable: true,
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" truncate title={m.subject}>
            {m.subject}
          </Text>
          {m.attachments.length > 0 && (
            <Hint label={`${m.attachments.length} pièce(s) jointe(s)`}>
              <Group gap={2} wrap="nowrap" c="dimmed" style={{ flexShrink: 0 }}>
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs">{m.attachments.length}</Text>
              </Group>
            </Hint>
          )}
        </Group>
      ),
    },
    {
      key: "sentToStr",
      priority: 2,
      title: "Destinataires",
      width: 190,
      render: (m) => (
        <Text size="sm" truncate title={[...m.to, ...m.cc].join(", ")}>
          {m.to.join(", ")}
          {m.cc.length > 0 ? ` (+${m.cc.length} en copie)` : ""}
        </Text>
      ),
    },
    {
      key: "clientName",
      priority: 3,
      title: "Client",
      width: 160,
      render: (m) =>
        m.clientId && m.clientName ? (
          <Anchor component={Link} to={`/app/timeline-client/${m.clientId}`} size="sm" truncate="end" display="block">
            {m.clientName}
          </Anchor>
        ) : (
          "—"
        ),
    },
    { key: "status", title: "Statut", width: 240, sortable: true, render: (m) => <MailStatusBadge mail={m} /> },
    {
      key: "mailPreviewer",
      isAction: true,
      title: "",
      width: 50,
      render: (m) => (
        <IconAction label="Aperçu" onClick={() => options.onPreview(m)}>
          <IconEye size={18} />
        </IconAction>
      ),
    },
    options.canResend
      ? {
          key: "mailResend",
          isAction: true,
          title: "",
          width: 50,
          render: (m) => (
            <IconAction label="Renvoyer" onClick={() => options.onResend(m)}>
              <IconSend size={18} />
            </IconAction>
          ),
        }
      : null,
    options.canDelete
      ? {
          key: "mailDelete",
          isAction: true,
          title: "",
          width: 50,
          render: (m) => (
            <IconAction label="Supprimer" color="red" onClick={() => options.onDelete(m)}>
              <IconTrash size={18} />
            </IconAction>
          ),
        }
      : null,
  ];
  return columns.filter((c): c is DataTableColumn<MailRow> => c !== null);
}
