import { useEffect } from "react";
import { useConfiguration } from "./get-configuration";

/** Company name in the page title, logo as favicon (spec section 1). */
export function useBranding(pageTitle?: string) {
  const { data } = useConfiguration();
  const companyName = data?.companyName ?? "Certidesk";
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${companyName}` : companyName;
  }, [companyName, pageTitle]);
  useEffect(() => {
    const link = document.getElementById("favicon") as HTMLLinkElement | null;
    if (link && data?.logo?.url) link.href = data.logo.url;
  }, [data?.logo?.url]);
  return { companyName, logoUrl: data?.logo?.url ?? null, demoData: data?.demoData ?? false };
}
