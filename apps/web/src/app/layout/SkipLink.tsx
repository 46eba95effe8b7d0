import type { MouseEvent } from "react";
import classes from "./SkipLink.module.css";

export const MAIN_CONTENT_ID = "contenu";

/**
 * Puts the focus on the page itself rather than letting the browser follow "#contenu": the router
 * hears that address change and re-renders, and the focus could fall back to the top of the page
 * before the next Tab (then the next stop was this link again). The address stays as it was.
 */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: "start" });
}

/** The first stop of the keyboard: straight to the page, past the header and the menu (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a className={classes.skip} href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
      Aller au contenu
    </a>
  );
}
