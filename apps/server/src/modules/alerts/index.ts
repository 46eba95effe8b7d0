/** The alerts module's public surface: the rule registry and the reader of the alert pages. */
export type { AlertContext, AlertRule } from "./alert-rule.js";
export { type AlertsReader, createAlertsReader } from "./alerts.service.js";
export { ALERT_RULES, pageRulesFor, ruleByCode, rulesFor } from "./registry.js";
