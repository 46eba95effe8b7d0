import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
import modalClasses from "./modal.module.css";

/** Ten shades around a base colour, for Mantine's palette (lighter first). */
export function shadesOf(hex: string): MantineColorsTuple {
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const mix = (t: number, target: number) =>
    `#${rgb
      .map((c) =>
        Math.round(c + (target - c) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  return [
    mix(0.9, 255),
    mix(0.75, 255),
    mix(0.6, 255),
    mix(0.45, 255),
    mix(0.3, 255),
    mix(0.15, 255),
    hex,
    mix(0.15, 0),
    mix(0.3, 0),
    mix(0.45, 0),
  ] as unknown as MantineColorsTuple;
}

/** Spec: the modal layer is at z-index 1055; whatever opens from inside a modal must sit above it. */
export const MODAL_Z_INDEX = 1055;
export const OVER_MODAL_Z_INDEX = 1100;

export const DEFAULT_PRIMARY = "#1c64b4";
export const DEFAULT_SECONDARY = "#2f9e44";

/** The blue and green theme; the colours are replaced at run time from the configuration. */
export function buildTheme(primary = DEFAULT_PRIMARY, secondary = DEFAULT_SECONDARY) {
  return createTheme({
    primaryColor: "brand",
    primaryShade: 6,
    colors: { brand: shadesOf(primary), accent: shadesOf(secondary) },
    fontFamily: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    defaultRadius: "sm",
    components: {
      // Spec: tooltips on hover and focus, zero delay.
      Tooltip: {
        defaultProps: {
          openDelay: 0,
          closeDelay: 0,
          events: { hover: true, focus: true, touch: false },
          withArrow: true,
          zIndex: OVER_MODAL_Z_INDEX,
        },
      },
      Modal: {
        defaultProps: { zIndex: MODAL_Z_INDEX, closeButtonProps: { "aria-label": "Fermer" } },
        classNames: { inner: modalClasses.inner, content: modalClasses.content },
      },
      Drawer: { defaultProps: { zIndex: MODAL_Z_INDEX, closeButtonProps: { "aria-label": "Fermer" } } },
      // Dropdowns of selects, menus and popovers open above a modal, not behind it.
      Popover: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
      Combobox: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
      Menu: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
      // A table that scrolls sideways on a phone can be scrolled with the keyboard too (WCAG 2.1.1; axe
      // "scrollable-region-focusable"), whatever the table holds.
      TableScrollContainer: {
        defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
      },
      // A notification's close button ("Les données ont été sauvegardées") needs a name too.
      // Its message in a darker grey than Mantine's dimmed one (3.3:1 on white; axe "color-contrast").
      Notification: {
        defaultProps: { closeButtonProps: { "aria-label": "Fermer" } },
        styles: { description: { color: "var(--mantine-color-gray-7)" } },
      },
      // The eye that shows the password is reached with Tab too, and says what it does in French.
      PasswordInput: {
        defaultProps: {
          visibilityToggleFocusable: true,
          visibilityToggleButtonProps: { "aria-label": "Afficher le mot de passe" },
        },
      },
    },
  });
}

export const theme = buildTheme();

// ---- Contrast (WCAG 2.2 AA: 4.5:1 for text) ----

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mixHex(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1, 7), 16);
  const pb = Number.parseInt(b.slice(1, 7), 16);
  return `#${[16, 8, 0]
    .map((s) =>
      Math.round(((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The lightest of the shades (else a darkened last one) that reads at 4.6:1 on the background. */
export function readableShade(shades: readonly string[], background: string, from = 6): string {
  for (const shade of shades.slice(from)) if (contrastRatio(shade, background) >= 4.6) return shade;
  let colour = shades[shades.length - 1] ?? "#000000";
  for (let i = 0; i < 10 && contrastRatio(colour, background) < 4.6; i++) colour = mixHex(colour, "#000000", 0.15);
  return colour;
}

/** The page background (gray.0) and secondary text that reads on it and on white. */
const PAGE_BACKGROUND = "#f8f9fa";
export const DIMMED_TEXT = "#5f666d";

/**
 * Mantine's light variants put shade 6 on a 10 % tint of itself and its filled variants white on
 * shade 6: 2.6–3.8:1 for orange, green, yellow, cyan… Every colour (the configured ones included)
 * gets text and fills chosen to read at 4.5:1, and secondary text is darker than Mantine's grey.
 */
export const accessibleColors: CSSVariablesResolver = (theme) => {
  // Placeholders too: Mantine's grey reads at about 2.8:1 (a file or select input's placeholder is text).
  const light: Record<string, string> = {
    "--mantine-color-dimmed": DIMMED_TEXT,
    "--mantine-color-placeholder": DIMMED_TEXT,
    // A field's error (its message and its text) in Mantine's red 6 reads at about 3.6:1.
    "--mantine-color-error": readableShade(theme.colors.red ?? [], "#ffffff"),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const base = shades[6] ?? "#000000";
    light[`--mantine-color-${name}-light`] = mixHex("#ffffff", base, 0.12);
    light[`--mantine-color-${name}-light-hover`] = mixHex("#ffffff", base, 0.2);
    // Readable on the hovered tint, so on the resting one too.
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, mixHex("#ffffff", base, 0.2));
    light[`--mantine-color-${name}-text`] = readableShade(shades, PAGE_BACKGROUND);
    light[`--mantine-color-${name}-outline`] = readableShade(shades, "#ffffff");
    const filled = readableShade(shades, "#ffffff");
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = mixHex(filled, "#000000", 0.12);
  }
  return { variables: {}, light, dark: {} };
};
