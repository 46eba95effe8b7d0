import { toQuery } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download";

/**
 * Downloads the FEC of a period. A refusal (no SIREN, a period over a year) comes back as the API's French
 * message for the form (downloadFile).
 */
export const downloadFec = (from: string, to: string): Promise<void> =>
  downloadFile(`/api/accounting/fec${toQuery({ from, to })}`, "FEC.txt");
