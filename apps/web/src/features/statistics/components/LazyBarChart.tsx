import type { BarChartProps } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";

const StatsBarChart = lazy(() => import("./stats-bar-chart").then((m) => ({ default: m.StatsBarChart })));

/** A bar chart loaded on demand; its place is held at its height meanwhile, so nothing jumps. */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 260} />}>
      <StatsBarChart {...props} />
    </Suspense>
  );
}
