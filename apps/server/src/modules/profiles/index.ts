/** The profiles module's public surface: the grants of a profile type (read at sign-in). */
export { grantRowsJson, grantsFromRows, loadGrants } from "./profiles.repository.js";
