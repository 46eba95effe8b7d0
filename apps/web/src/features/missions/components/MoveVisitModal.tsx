import { formatDate, type MissionDetail } from "@certidesk/shared";
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { z } from "zod";
import { DateField, FormContent, FormModal, LoadingOverlay } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useMission } from "../api/get-mission";
import { useSaveDays } from "../api/save-days";
import { addDays, dayDiff } from "./planning-grid";

const moveSchema = z.object({
  firstDay: z.iso.date({ error: "Indiquez le nouveau premier jour de la visite." }),
});
type MoveForm = { firstDay: string };

/** The visit's days moved as a block: same slots, same programme, same gaps between days. */
export function shiftedDays(mission: MissionDetail, firstDay: string) {
  const first = mission.days[0]?.day ?? firstDay;
  const shift = dayDiff(first, firstDay);
  return mission.days.map((d) => ({ day: addDays(d.day, shift), timeSlotId: d.timeSlotId, programme: d.programme }));
}

function MoveVisitForm({ mission, onClose }: { mission: MissionDetail; onClose: () => void }) {
  const save = useSaveDays();
  const { form, submit, banner } = useZodForm<MoveForm>({
    initialValues: { firstDay: mission.days[0]?.day ?? "" },
    schema: moveSchema,
  });
  const preview = form.values.firstDay ? shiftedDays(mission, form.values.firstDay) : [];
  const onSubmit = submit(async ({ firstDay }) => {
    await save.mutateAsync({
      id: mission.id,
      body: { days: shiftedDays(mission, firstDay), version: mission.version },
    });
    notifySaved("Visite déplacée : ordres de mission envoyés remplacés, équipe et établissement prévenus.");
    onClose();
  });
  const editable = mission.abilities.updateDays && mission.days.length > 0;
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Déplacer la visite"
      loading={save.isPending}
      submitDisabled={!editable}
    >
      <Stack gap="xs">
        <Text size="sm">
          Visite actuelle : {mission.days.map((d) => `${formatDate(d.day)} (${d.timeSlot})`).join(", ") || "aucun jour"}
        </Text>
        <Text size="sm">Équipe : {mission.team.map((t) => t.name).join(", ") || "aucun évaluateur"}</Text>
        <Anchor component={Link} to={`/app/mission/${mission.clientId}/${mission.id}`} size="sm">
          Ouvrir la mission
        </Anchor>
      </Stack>
      {editable ? (
        <>
          <DateField label="Nouveau premier jour" required {...form.getInputProps("firstDay")} />
          {preview.length > 0 && (
            <Text size="sm" c="dimmed">
              Nouveaux jours : {preview.map((d) => formatDate(d.day)).join(", ")} (mêmes créneaux et programme)
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Les jours de cette visite ne se déplacent pas d'ici (droits, rapport déjà déposé ou mission finalisée).
        </Text>
      )}
    </FormContent>
  );
}

function MoveVisitBody({ missionId, onClose }: { missionId: string; onClose: () => void }) {
  const { data } = useMission(missionId);
  if (!data) return <LoadingOverlay visible />;
  return <MoveVisitForm key={`${data.id}:${data.version}`} mission={data} onClose={onClose} />;
}

/** From the planning board: a visit's mission, and its days moved (PUT /api/missions/{id}/days). */
export function MoveVisitModal({
  target,
  onClose,
}: {
  target: { missionId: string; label: string } | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={target !== null} onClose={onClose} title={target?.label ?? "Visite"}>
      {target && <MoveVisitBody missionId={target.missionId} onClose={onClose} />}
    </FormModal>
  );
}
