import { domainKey } from "../../../lib/query-keys";

/** The query keys of the numbering series (Settings › Numérotation). */
export const numberingKeys = {
  all: domainKey("numbering"),
};
