// The evaluators module's public surface: what other modules may use (the impartiality engine).
export type { ImpartialityService } from "./impartiality.service.js";
