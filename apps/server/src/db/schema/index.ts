export * from "./documents.js";
export * from "./mail.js";
export * from "./parties.js";
export * from "./platform.js";
