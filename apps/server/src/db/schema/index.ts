export * from "./parties.js";
export * from "./platform.js";
