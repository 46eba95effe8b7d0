import { parseFrenchDate } from "@certidesk/shared";
import { DateInput, type DateInputProps, DatesProvider, type DatesProviderSettings } from "@mantine/dates";
import "dayjs/locale/fr";

export const DATE_FIELD_FORMAT = "DD/MM/YYYY";
const FRENCH_DATES: DatesProviderSettings = { locale: "fr", firstDayOfWeek: 1, weekendDays: [0, 6] };

export interface DateFieldProps
  extends Omit<DateInputProps, "value" | "defaultValue" | "onChange" | "valueFormat" | "dateParser" | "locale"> {
  /** The day as the API exchanges it (YYYY-MM-DD), or "" when empty. */
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * The one date field of the app: Mantine's DateInput in French (calendar in French, weeks from
 * Monday), shown and typed as DD/MM/YYYY whatever the browser's language, never the browser's
 * native input. Typing 25/12/2026, 5/1/26 or 05.01.2026 works too.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DatesProvider settings={FRENCH_DATES}>
      <DateInput
        {...props}
        value={value || null}
        onChange={(next) => onChange?.(next ?? "")}
        valueFormat={DATE_FIELD_FORMAT}
        dateParser={(text) => parseFrenchDate(text)}
        placeholder={props.placeholder ?? "JJ/MM/AAAA"}
        clearable={props.clearable ?? !props.required}
        // Mantine's clear button has no name of its own: screen readers would announce "bouton".
        clearButtonProps={{ "aria-label": "Effacer la date", ...props.clearButtonProps }}
      />
    </DatesProvider>
  );
}
