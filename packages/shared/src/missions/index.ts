export * from "./codes.js";
export * from "./deadlines.js";
export * from "./mission-status.js";
export * from "./missions.js";
export * from "./modality.js";
export * from "./planning.js";
export * from "./portal.js";
