import "@mantine/dates/styles.css";
import "dayjs/locale/fr";
import { DateInput, DatesProvider } from "@mantine/dates";

/** "31/12/2026" (or 31122026, 31.12.2026) → "2026-12-31"; null when it is no real day. */
export function parseFrenchDate(text: string): string | null {
  const m = text.trim().match(/^(\d{1,2})[/.\-\s]?(\d{1,2})[/.\-\s]?(\d{4})$/);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export interface DateFieldProps {
  label: string;
  /** ISO day (YYYY-MM-DD) or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  description?: string;
  minDate?: string;
  w?: number | string;
}

/** The French date picker: typed or picked, shown DD/MM/YYYY, French calendar (never a native input). */
export function DateField({ label, value, onChange, clearable = true, ...rest }: DateFieldProps) {
  return (
    <DatesProvider settings={{ locale: "fr", firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        value={value}
        onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        valueFormat="DD/MM/YYYY"
        dateParser={parseFrenchDate}
        placeholder="jj/mm/aaaa"
        clearable={clearable}
        clearButtonProps={{ "aria-label": `Effacer ${label.toLowerCase()}` }}
        {...rest}
      />
    </DatesProvider>
  );
}
