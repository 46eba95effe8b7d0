import { formatDate, type MissionDetail } from "@certidesk/shared";
import { Anchor, Stack, Text, Textarea } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link } from "react-router";
import { z } from "zod";
import { DateField, FormContent, FormModal, LoadingOverlay } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useMission } from "../api/get-mission";
import { usePlanCheck } from "../api/get-plan-check";
import { useSaveDays } from "../api/save-days";
import { MoveConsequences, needsJustification } from "./MoveConsequences";
import { addDays, dayDiff } from "./planning-grid";

const moveSchema = z.object({
  firstDay: z.iso.date({ error: "Indiquez le nouveau premier jour de la visite." }),
  justification: z.string().trim().max(2000, "2000 caractères au plus."),
});
type MoveForm = { firstDay: string; justification: string };

/** The visit's days moved as a block: same slots, same programme, same gaps between days. */
export function shiftedDays(mission: MissionDetail, firstDay: string) {
  const first = mission.days[0]?.day ?? firstDay;
  const shift = dayDiff(first, firstDay);
  return mission.days.map((d) => ({ day: addDays(d.day, shift), timeSlotId: d.timeSlotId, programme: d.programme }));
}

function MoveVisitForm({ mission, onClose }: { mission: MissionDetail; onClose: () => void }) {
  const save = useSaveDays();
  const { form, submit, banner } = useZodForm<MoveForm>({
    initialValues: { firstDay: mission.days[0]?.day ?? "", justification: "" },
    schema: moveSchema,
  });
  const preview = form.values.firstDay ? shiftedDays(mission, form.values.firstDay) : [];
  // The consequences before the move: the rule set of the server, on the new days.
  const moved = form.values.firstDay !== (mission.days[0]?.day ?? "") ? preview.map((d) => d.day) : [];
  const [checkedKey] = useDebouncedValue(moved.join(","), 250);
  const check = usePlanCheck(mission.id, checkedKey ? checkedKey.split(",") : []);
  const current =
    checkedKey === moved.join(",") && moved.length > 0 && !check.isPlaceholderData ? check.data : undefined;
  const blocked = (current?.items ?? []).some((i) => i.blocking.length > 0);
  const toJustify = needsJustification(current);
  const onSubmit = submit(async ({ firstDay, justification }) => {
    await save.mutateAsync({
      id: mission.id,
      body: {
        days: shiftedDays(mission, firstDay),
        justification: justification.trim() || undefined,
        version: mission.version,
      },
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
      submitDisabled={!editable || blocked || (toJustify && !form.values.justification.trim())}
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
          {moved.length > 0 && <MoveConsequences check={current} loading={!current} />}
          {toJustify && !blocked && (
            <Textarea
              label="Justification (conservée au journal et montrée sur la mission)"
              description="Obligatoire pour déplacer la visite malgré ces avertissements."
              autosize
              minRows={2}
              required
              {...form.getInputProps("justification")}
            />
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
