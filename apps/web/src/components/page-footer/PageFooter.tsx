import { Anchor, Box } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { ACCESSIBILITY_STATEMENT_PATH, RGAA_SUMMARY } from "../../lib/accessibility/conformance";
import { CONFORMANCE_LABELS } from "../../lib/accessibility/rgaa-checklist";
import classes from "./PageFooter.module.css";

/** The footer's height, which the layouts leave to it under their content on a short page. */
export const PAGE_FOOTER_HEIGHT = "2.5rem";

/**
 * Every page's footer (the `contentinfo` landmark: never inside `main`), with the mention the RGAA requires
 * on each page, « Accessibilité : » and the conformance state of docs/rgaa.md, linked to the statement.
 */
export function PageFooter({ style }: { style?: CSSProperties }) {
  return (
    <Box
      component="footer"
      className={classes.footer}
      style={{ "--page-footer-height": PAGE_FOOTER_HEIGHT, ...style } as CSSProperties}
    >
      <Anchor component={Link} to={ACCESSIBILITY_STATEMENT_PATH} size="sm" className={classes.link}>
        Accessibilité : {CONFORMANCE_LABELS[RGAA_SUMMARY.state]}
      </Anchor>
    </Box>
  );
}

/**
 * The frame of the pages outside the app's layouts (sign-in, password, public links, the statement): the
 * content in `main`, centred, then the footer.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <main className={classes.main}>{children}</main>
      <PageFooter />
    </div>
  );
}
