import { domainKey } from "../../../lib/query-keys";

/** The query keys of the accessibility statement: its public texts and the settings behind them. */
export const accessibilityKeys = {
  all: domainKey("accessibility"),
  statement: () => [...accessibilityKeys.all, "statement"] as const,
  settings: () => [...accessibilityKeys.all, "settings"] as const,
};
