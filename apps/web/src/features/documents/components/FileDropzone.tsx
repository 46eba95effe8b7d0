import { Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconFileUpload, IconUpload, IconX } from "@tabler/icons-react";
import { formatFileSize } from "../../../lib/file-size";
import { ACCEPTED_FILES, ACCEPTED_FILES_HINT, rejectionMessage } from "../document-files";

export interface FileDropzoneProps {
  file: File | null;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
  disabled?: boolean;
  /** One line, as high as an input (the library page), rather than a tall zone (the forms). */
  compact?: boolean;
  label?: string;
}

/** One file, by drag and drop or by the system picker. */
export function FileDropzone({ file, onFile, onRefused, disabled, compact, label }: FileDropzoneProps) {
  const iconSize = compact ? 20 : 36;
  return (
    <Dropzone
      onDrop={(files) => {
        const first = files[0];
        if (first) onFile(first);
      }}
      onReject={(rejections) => onRefused(rejectionMessage(rejections.flatMap((r) => r.errors.map((e) => e.code))))}
      accept={ACCEPTED_FILES}
      multiple={false}
      disabled={disabled}
      aria-label={label ?? "Choisir un fichier"}
      p={compact ? 7 : "lg"}
    >
      <Group justify="center" gap="sm" mih={compact ? 0 : 96} style={{ pointerEvents: "none" }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={iconSize} stroke={1.5} color="var(--mantine-primary-color-filled)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={iconSize} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileUpload size={iconSize} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        {compact ? (
          <Text size="sm" c="dimmed">
            {label ?? "Glissez un fichier ici"}
          </Text>
        ) : (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {file ? file.name : (label ?? "Glissez un fichier ici ou cliquez pour le choisir")}
            </Text>
            <Text size="xs" c="dimmed">
              {file
                ? `${formatFileSize(file.size)} · cliquez ou déposez un autre fichier pour le remplacer`
                : ACCEPTED_FILES_HINT}
            </Text>
          </Stack>
        )}
      </Group>
    </Dropzone>
  );
}
