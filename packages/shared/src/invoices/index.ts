export * from "./codes.js";
export * from "./totals.js";
