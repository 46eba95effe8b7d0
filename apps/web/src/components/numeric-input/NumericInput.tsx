import { TextInput, type TextInputProps } from "@mantine/core";
import { useUncontrolled } from "@mantine/hooks";
import type { ClipboardEvent, DragEvent, FocusEvent } from "react";
import {
  clampNumeric,
  insertNumeric,
  isAcceptableNumeric,
  type NumericRules,
  sanitizeNumeric,
} from "./sanitize-numeric";

type InheritedProps = Omit<
  TextInputProps,
  "value" | "defaultValue" | "onChange" | "min" | "max" | "pattern" | "maxLength" | "type"
>;

export interface NumericInputProps extends InheritedProps, NumericRules {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

/** A text input that only ever holds a number being typed (spec §5); the value stays a string. */
export function NumericInput(props: NumericInputProps) {
  const { value, defaultValue, onChange, onBlur, onPaste, onDrop, ...rest } = props;
  const { decimalSeparator, allowDecimal = true, allowNegative, min, max, pattern, maxLength, ...inputProps } = rest;
  const rules: NumericRules = { decimalSeparator, allowDecimal, allowNegative, min, max, pattern, maxLength };
  const [text, setText] = useUncontrolled({ value, defaultValue, finalValue: "", onChange });

  const accept = (next: string) => {
    if (next !== text && isAcceptableNumeric(next, rules)) setText(next);
  };
  const insert = (input: HTMLInputElement, inserted: string) => {
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? start;
    accept(insertNumeric(text, inserted, start, end, rules));
  };

  return (
    <TextInput
      {...inputProps}
      inputMode={allowDecimal ? "decimal" : "numeric"}
      value={text}
      maxLength={maxLength}
      onChange={(event) => accept(sanitizeNumeric(event.currentTarget.value, rules))}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        event.preventDefault();
        insert(event.currentTarget, event.clipboardData.getData("text"));
        onPaste?.(event);
      }}
      onDrop={(event: DragEvent<HTMLInputElement>) => {
        event.preventDefault();
        insert(event.currentTarget, event.dataTransfer.getData("text"));
        onDrop?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const clamped = clampNumeric(text, rules);
        if (clamped !== text) setText(clamped);
        onBlur?.(event);
      }}
    />
  );
}
