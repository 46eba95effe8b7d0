export * from "./auditors.js";
export * from "./impartiality.js";
