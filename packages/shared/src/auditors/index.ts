export * from "./auditors.js";
export * from "./impartiality.js";
export * from "./planning-rules.js";
