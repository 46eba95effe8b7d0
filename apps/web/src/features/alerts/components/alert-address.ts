import { ALERT_PAGES, type AlertPage } from "@certidesk/shared";
import { useLocation, useNavigate } from "react-router";

/**
 * What the landing page keeps in its address, so a reload or a shared link shows the same rows:
 * `?page=alert-planification&q=tilleuls&type=mission-order-refused&numero=2`. `page` is the alert
 * page's key (the spec's page keys), so the page number is `numero`.
 */
export interface AlertAddress {
  pageKey: string | null;
  search: string;
  alertType: string;
  pageNumber: number;
}

export const pageByKey = (key: string | null): AlertPage | undefined => ALERT_PAGES.find((p) => p.key === key);

export function useAlertAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const address: AlertAddress = {
    pageKey: params.get("page"),
    search: params.get("q") ?? "",
    alertType: params.get("type") ?? "",
    pageNumber: Math.max(1, Math.trunc(Number(params.get("numero"))) || 1),
  };
  const change = (next: Partial<AlertAddress>) => {
    const merged = { ...address, ...next };
    // Other parameters (the columns of a saved view) stay.
    const out = new URLSearchParams(location.search);
    const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
    put("page", merged.pageKey);
    put("q", merged.search);
    put("type", merged.alertType);
    put("numero", merged.pageNumber > 1 ? String(merged.pageNumber) : null);
    navigate({ search: `?${out.toString()}` }, { replace: true });
  };
  /** Another alert page: its own search, filter and paging start afresh. */
  const choosePage = (pageKey: string) => change({ pageKey, search: "", alertType: "", pageNumber: 1 });
  return { address, change, choosePage };
}
