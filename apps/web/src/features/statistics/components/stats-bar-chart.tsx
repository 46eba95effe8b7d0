import "@mantine/charts/styles.css";
import { BarChart, type BarChartProps } from "@mantine/charts";

/**
 * The statistics' bar chart: @mantine/charts and recharts weigh about 100 kB compressed, so they
 * come in this chunk of their own, after the tables (LazyBarChart), and the screen stays within its
 * download budget (scripts/bundle-budget.mjs).
 */
export function StatsBarChart(props: BarChartProps) {
  // recharts keeps its hidden tooltip where it last stood: once the window narrows (a phone turned, a zoom),
  // that invisible box would widen the page. The tooltip stays inside the chart, so clipping hides nothing.
  return (
    <div style={{ overflowX: "clip" }}>
      <BarChart {...props} />
    </div>
  );
}
