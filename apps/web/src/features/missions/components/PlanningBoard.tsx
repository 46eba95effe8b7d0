import {
  formatDate,
  MISSION_KIND_LABELS,
  MISSION_ROLE_LABELS,
  type MissionPlanning,
  MONTH_PATTERN,
  PLANNING_CONFLICT_LABELS,
} from "@certidesk/shared";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { usePlanning } from "../api/get-planning";
import { MoveVisitModal } from "./MoveVisitModal";
import classes from "./PlanningBoard.module.css";
import { type Booking, daysOf, indexPlanning, monthOf, shiftMonth, todayIso } from "./planning-grid";

const CELL = 34;
const WEEKDAYS = ["D", "L", "M", "M", "J", "V", "S"];
const WEEKDAY_NAMES = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

/** A booking's consecutive days (a visit interrupted by a weekend is two runs), each on a lane of its row. */
interface Run {
  booking: Booking;
  start: string;
  days: string[];
  lane: number;
}

function runsOf(bookings: Booking[]): { runs: Run[]; lanes: number } {
  const runs: Run[] = [];
  for (const booking of bookings) {
    let current: string[] = [];
    for (const day of booking.days) {
      const previous = current.at(-1);
      if (previous && Date.parse(day) - Date.parse(previous) === 86_400_000) current.push(day);
      else {
        if (current.length) runs.push({ booking, start: current[0] ?? day, days: current, lane: 0 });
        current = [day];
      }
    }
    if (current.length) runs.push({ booking, start: current[0] ?? "", days: current, lane: 0 });
  }
  runs.sort((a, b) => a.start.localeCompare(b.start));
  const laneEnds: string[] = [];
  for (const run of runs) {
    const free = laneEnds.findIndex((end) => end < run.start);
    run.lane = free === -1 ? laneEnds.length : free;
    laneEnds[run.lane] = run.days.at(-1) ?? run.start;
  }
  return { runs, lanes: Math.max(1, laneEnds.length) };
}

/**
 * The planning board (route /app/mission?vue=planning&mois=2026-12): the evaluators as rows, the days
 * of the month as columns, each visit as a bar (coordination in green), unavailability hatched,
 * conflicts (two missions the same day, a visit on an unavailable day) in red with their text below.
 * A bar opens the mission, or moves its visit.
 */
export function PlanningBoard() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const today = todayIso();
  const monthParam = params.get("mois");
  const month = monthParam && MONTH_PATTERN.test(monthParam) ? monthParam : monthOf(today);
  const setMonth = (next: string) => {
    const q = new URLSearchParams(location.search);
    q.set("vue", "planning");
    q.set("mois", next);
    navigate({ search: `?${q}` }, { replace: true });
  };
  const { data, isLoading, isFetching, error } = usePlanning(month);
  const [moving, setMoving] = useState<{ missionId: string; label: string } | null>(null);

  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" aria-label="Mois précédent" onClick={() => setMonth(shiftMonth(month, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h4" style={{ textTransform: "capitalize", minWidth: 150, textAlign: "center" }}>
            {monthLabel(month)}
          </Title>
          <ActionIcon variant="default" aria-label="Mois suivant" onClick={() => setMonth(shiftMonth(month, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {monthOf(today) !== month && (
          <Anchor component="button" type="button" size="sm" onClick={() => setMonth(monthOf(today))}>
            Ce mois-ci
          </Anchor>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {isLoading || !data ? (
        <LoadingOverlay visible />
      ) : (
        <Board data={data} today={today} busy={isFetching} onMove={setMoving} />
      )}
      <MoveVisitModal target={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
}

function Board({
  data,
  today,
  busy,
  onMove,
}: {
  data: MissionPlanning;
  today: string;
  busy: boolean;
  onMove: (t: { missionId: string; label: string }) => void;
}) {
  const days = useMemo(() => daysOf(data.from, data.to), [data.from, data.to]);
  const index = useMemo(() => indexPlanning(data), [data]);
  const rows = useMemo(
    () =>
      data.evaluators.map((e) => ({
        evaluator: e,
        ...runsOf(data.bookings.filter((b) => b.auditorId === e.id)),
      })),
    [data],
  );
  const names = new Map(data.evaluators.map((e) => [e.id, e.name]));
  const visits = new Set(data.bookings.map((b) => b.missionId)).size;

  return (
    <Stack gap="sm" aria-busy={busy}>
      <Text size="sm" c="dimmed">
        {data.evaluators.length} évaluateur(s), {visits} visite(s) ce mois, {data.conflicts.length} conflit(s),{" "}
        {data.unstaffed.length} mission(s) sans équipe.
      </Text>
      <div className={classes.wrap}>
        <table className={classes.table} aria-label={`Planning des évaluateurs, ${monthLabel(data.month)}`}>
          <thead>
            <tr>
              <th scope="col" className={classes.name}>
                Évaluateur
              </th>
              {days.map((d) => (
                <th
                  key={d.day}
                  scope="col"
                  className={[
                    d.weekday === 0 || d.weekday === 6 ? classes.weekend : "",
                    d.day === today ? classes.today : "",
                  ].join(" ")}
                >
                  <span aria-hidden>
                    {WEEKDAYS[d.weekday]}
                    <br />
                    {d.date}
                  </span>
                  <VisuallyHidden>
                    {WEEKDAY_NAMES[d.weekday]} {formatDate(d.day)}
                  </VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ evaluator, runs, lanes }) => {
              const laneHeight = lanes > 1 ? 24 : 26;
              const height = Math.max(34, lanes * (laneHeight + 2) + 6);
              const conflicts = index.conflictCount(evaluator.id);
              return (
                <tr key={evaluator.id} style={{ height }}>
                  <th scope="row" className={classes.name} title={evaluator.city ?? undefined}>
                    {evaluator.name}
                    {conflicts > 0 && (
                      <Badge size="xs" color="red" variant="filled" ml={4}>
                        {conflicts}
                        <VisuallyHidden> conflit(s)</VisuallyHidden>
                      </Badge>
                    )}
                  </th>
                  {days.map((d) => {
                    const unavailable = index.isUnavailable(evaluator.id, d.day);
                    const starting = runs.filter((r) => r.start === d.day);
                    return (
                      <td
                        key={d.day}
                        style={{ position: "relative", height }}
                        className={[
                          d.weekday === 0 || d.weekday === 6 ? classes.weekend : "",
                          unavailable ? classes.unavailable : "",
                        ].join(" ")}
                        title={unavailable ? "Indisponible" : undefined}
                      >
                        {unavailable && <VisuallyHidden>Indisponible</VisuallyHidden>}
                        {starting.map((run) => {
                          const conflictDays = run.days.flatMap((day) =>
                            index.conflictsAt(evaluator.id, day).map((c) => ({ day, kind: c.kind })),
                          );
                          const b = run.booking;
                          const period =
                            run.days.length === 1
                              ? `le ${formatDate(run.start)}`
                              : `du ${formatDate(run.start)} au ${formatDate(run.days.at(-1) ?? run.start)}`;
                          const conflictText = conflictDays.length
                            ? ` — conflit : ${conflictDays.map((c) => `${PLANNING_CONFLICT_LABELS[c.kind].toLowerCase()} le ${formatDate(c.day)}`).join(", ")}`
                            : "";
                          return (
                            <Link
                              key={`${b.missionId}-${run.start}`}
                              to={`/app/mission/${b.clientId}/${b.missionId}`}
                              onClick={(e) => {
                                if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                                e.preventDefault();
                                onMove({ missionId: b.missionId, label: b.label });
                              }}
                              className={[
                                classes.bar,
                                classes.start,
                                classes.end,
                                b.role === "COORDINATOR" ? classes.coordinator : "",
                                conflictDays.length ? classes.conflict : "",
                              ].join(" ")}
                              style={{
                                position: "absolute",
                                left: 0,
                                top: 3 + run.lane * (laneHeight + 2),
                                height: laneHeight,
                                lineHeight: `${laneHeight}px`,
                                width: run.days.length * CELL - 4,
                                zIndex: 1,
                                fontSize: lanes > 1 ? 11 : undefined,
                              }}
                              aria-label={`${b.label}, ${MISSION_KIND_LABELS[b.kind].toLowerCase()}, ${period}, ${MISSION_ROLE_LABELS[b.role].toLowerCase()}${conflictText}`}
                              title={`${b.label} — ${period}${conflictText}`}
                            >
                              {conflictDays.length ? "⚠ " : ""}
                              {b.label}
                            </Link>
                          );
                        })}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Group gap="lg" wrap="wrap">
        <Text size="xs">
          <span className={`${classes.legend} ${classes.bar}`} aria-hidden />
          Visite (évaluateur)
        </Text>
        <Text size="xs">
          <span className={`${classes.legend} ${classes.bar} ${classes.coordinator}`} aria-hidden />
          Visite (coordination)
        </Text>
        <Text size="xs">
          <span className={`${classes.legend} ${classes.unavailable}`} aria-hidden />
          Indisponible
        </Text>
        <Text size="xs">
          <span className={`${classes.legend} ${classes.bar} ${classes.conflict}`} aria-hidden />
          Conflit
        </Text>
      </Group>
      {data.conflicts.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={3} size="h5" c="red.8" mb="xs">
            Conflits du mois ({data.conflicts.length})
          </Title>
          <List size="sm" spacing={2}>
            {data.conflicts.map((c) => (
              <List.Item key={`${c.auditorId}-${c.day}-${c.kind}`}>
                {names.get(c.auditorId)} — {formatDate(c.day)} : {PLANNING_CONFLICT_LABELS[c.kind].toLowerCase()} (
                {c.labels.join(", ")})
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {data.unstaffed.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={3} size="h5" mb="xs">
            Visites du mois sans évaluateur ({data.unstaffed.length})
          </Title>
          <List size="sm" spacing={2}>
            {data.unstaffed.map((u) => (
              <List.Item key={u.missionId}>
                <Anchor component={Link} to={`/app/mission/${u.clientId}/${u.missionId}?onglet=evaluateur`} size="sm">
                  {u.label}
                </Anchor>{" "}
                — {u.days.map((d) => formatDate(d)).join(", ")}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
