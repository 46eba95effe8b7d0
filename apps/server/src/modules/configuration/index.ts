/** The configuration module's public surface: the company identity other modules print and check. */
export type { ConfigurationService } from "./configuration.service.js";
