/**
 * Measurements run inside the page, so the numbers leave out the round trips between the
 * script and the browser. Each one ends at the frame after the DOM reached the expected
 * state, a fair stand-in for "the user sees it".
 */

export interface BenchApi {
  mount(): Promise<number>;
  sort(): Promise<number>;
  filter(text: string): Promise<number>;
  scrollToEnd(): Promise<number>;
}

declare global {
  interface Window {
    bench?: BenchApi;
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function waitFor(condition: () => boolean, timeoutMs = 20000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) return resolve();
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error("timeout"));
    }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!condition()) return;
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function timed(action: () => void, done: () => boolean): Promise<number> {
  const start = performance.now();
  action();
  await waitFor(done);
  await nextFrame();
  return performance.now() - start;
}

const table = () => document.querySelector<HTMLTableElement>("table[aria-rowcount]");
const firstRowText = () => document.querySelector('tr[aria-rowindex="2"]')?.textContent ?? "";
const rowCount = () => table()?.getAttribute("aria-rowcount") ?? "";

export function installBenchApi(render: () => void) {
  window.bench = {
    mount: () => timed(render, () => document.querySelector('tr[aria-rowindex="2"]') !== null),

    sort: () => {
      const before = firstRowText();
      const button = document.querySelector<HTMLButtonElement>("thead th[aria-sort] button");
      if (!button) throw new Error("no sortable header");
      return timed(
        () => button.click(),
        () => firstRowText() !== before,
      );
    },

    filter: (text) => {
      const before = rowCount();
      const input = document.querySelector<HTMLInputElement>("input[data-bench-search]");
      if (!input) throw new Error("no search input");
      // React listens to the native value setter plus an input event, as when typing.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      return timed(
        () => {
          setValue?.call(input, text);
          input.dispatchEvent(new Event("input", { bubbles: true }));
        },
        () => rowCount() !== before,
      );
    },

    scrollToEnd: async () => {
      const scroller = document.querySelector<HTMLElement>("[data-table-scroller]");
      if (!scroller) throw new Error("no scroller");
      const lastIndex = rowCount();
      const isLastRendered = () => document.querySelector(`tr[aria-rowindex="${lastIndex}"]`) !== null;
      const start = performance.now();
      // Measured rows change the total height, so keep aiming at the bottom until the last row shows.
      while (!isLastRendered()) {
        scroller.scrollTop = scroller.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (performance.now() - start > 20000) throw new Error("timeout");
      }
      await nextFrame();
      return performance.now() - start;
    },
  };
}
