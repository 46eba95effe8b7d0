import { domainKey } from "../../../lib/query-keys";

/** The query keys of profiles and their rights. */
export const profileKeys = {
  all: domainKey("profiles"),
};
