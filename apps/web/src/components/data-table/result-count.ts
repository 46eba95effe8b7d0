import { formatDecimal } from "@certidesk/shared";
import { LOADING_LABEL } from "../loading/Spinner";

/** « Aucun résultat », « 1 résultat », « 1 234 résultats ». */
export function resultCountText(count: number): string {
  if (count === 0) return "Aucun résultat";
  return `${formatDecimal(count, { maxDecimals: 0 })} résultat${count > 1 ? "s" : ""}`;
}

/** What the table's live region says: « Chargement… » while its rows load, then how many there are. */
export const tableStatusText = (loading: boolean, count: number) => (loading ? LOADING_LABEL : resultCountText(count));
