/** The profiles module's public surface: the grants of a profile type (read at sign-in). */
export { loadGrants } from "./profiles.repository.js";
