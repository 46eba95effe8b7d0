import type { MissionDetail } from "@certidesk/shared";
import { Button, FileInput, Group, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { type MissionFileTarget, useUploadMissionFile } from "../api/upload-mission-file";

/** One file to deposit on the mission (a report, a plan): the file, then the button. */
export function MissionFileUpload({
  mission,
  target,
  label,
  buttonLabel,
  saved,
}: {
  mission: MissionDetail;
  target: MissionFileTarget;
  label: string;
  buttonLabel: string;
  saved: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadMissionFile();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (!file) return;
        await upload.mutateAsync({ id: mission.id, version: mission.version, target, file });
        setFile(null);
        notifySaved(saved);
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={label}
          placeholder="Choisir un fichier (PDF…)"
          value={file}
          onChange={setFile}
          leftSection={<IconUpload size={16} />}
          clearable
          miw={240}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={!file} loading={upload.isPending}>
          {buttonLabel}
        </Button>
      </Group>
      {upload.isError && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {errorMessage(upload.error)}
        </Text>
      )}
    </form>
  );
}
