import { afterAll, beforeAll } from "vitest";

/**
 * jsdom lays nothing out: within the calling file, every element counts as shown (a box of 1 × 1), so
 * focus code that skips hidden controls sees them. Restored after the file (the test files share jsdom).
 */
export function layOutBoxesInThisFile() {
  const layout = Object.getOwnPropertyDescriptor(Element.prototype, "getClientRects");
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, "getClientRects", {
      configurable: true,
      value: () => [{ width: 1, height: 1 }],
    });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { getClientRects?: unknown }).getClientRects;
    if (layout) Object.defineProperty(Element.prototype, "getClientRects", layout);
  });
}
