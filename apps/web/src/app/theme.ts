import { createTheme, type MantineColorsTuple } from "@mantine/core";

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
      Modal: { defaultProps: { zIndex: MODAL_Z_INDEX } },
      Drawer: { defaultProps: { zIndex: MODAL_Z_INDEX } },
      // Dropdowns of selects, menus and popovers open above a modal, not behind it.
      Popover: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
      Combobox: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
      Menu: { defaultProps: { zIndex: OVER_MODAL_Z_INDEX } },
    },
  });
}

export const theme = buildTheme();
