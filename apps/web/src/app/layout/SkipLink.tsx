import classes from "./SkipLink.module.css";

export const MAIN_CONTENT_ID = "contenu";

/** The first stop of the keyboard: straight to the page, past the header and the menu (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a className={classes.skip} href={`#${MAIN_CONTENT_ID}`}>
      Aller au contenu
    </a>
  );
}
