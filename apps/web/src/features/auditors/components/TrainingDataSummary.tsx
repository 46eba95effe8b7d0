import { formatDecimal, TRAINER_STATUS_LABELS, type TrainingOrganisation } from "@certidesk/shared";
import { List, Text } from "@mantine/core";

/** What a training organisation declared on its certification request, as an evaluator prepares the audit. */
export function TrainingDataSummary({ data }: { data: TrainingOrganisation }) {
  return (
    <>
      <Text size="sm" fw={600} mt={4} component="div">
        Organisme de formation
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          {data.trainers.length} formateur(s) :{" "}
          {data.trainers
            .map((t) => `${t.name} (${t.speciality}, ${TRAINER_STATUS_LABELS[t.status].toLowerCase()})`)
            .join(", ")}
        </List.Item>
        <List.Item>
          {formatDecimal(data.trainees.perYear)} stagiaires et {formatDecimal(data.trainees.hoursPerYear)}{" "}
          heures-stagiaires par an
        </List.Item>
        <List.Item>
          Matériel :{" "}
          {data.hardware.length ? data.hardware.map((h) => `${h.label} (${h.quantity})`).join(", ") : "aucun"}
        </List.Item>
        <List.Item>
          Locaux :{" "}
          {data.premises.length
            ? data.premises.map((p) => `${p.address}${p.accessible ? " (accessible PMR)" : ""}`).join(" ; ")
            : "aucun"}
        </List.Item>
      </List>
    </>
  );
}
