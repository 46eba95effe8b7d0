import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard-only journeys (e2e/keyboard.spec.ts): the focus moves with Tab and Shift+Tab, never with a
 * click, and every stop must show where it is (RGAA 10.7, WCAG 2.4.7).
 */

/**
 * Where the focus is, seen from the page, and whether it shows: `target` is the element a Tab walk is
 * after (null when none). Most controls draw their focus on themselves; a few hide their real input and
 * draw it elsewhere, which is where a user sees it: a switch or a segmented control on its track or
 * label, the typing field of a password or a multiple select on its box. One round trip per key press:
 * this runs in the page, so it stands alone (no closure).
 */
function inspectFocus(target: Element | null) {
  const el = document.activeElement as HTMLElement | null;
  const onTarget = !!target && el === target;
  if (!el || el === document.body)
    return { atBody: true, onTarget, shown: false, described: "aucun élément", connected: !!target?.isConnected };
  const drawn = (node: Element | null | undefined) => {
    if (!node) return false;
    const s = getComputedStyle(node);
    const transparent = (c: string) => c === "transparent" || /rgba\(.*,\s*0\)$/.test(c);
    const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0 && !transparent(s.outlineColor);
    return outline || (s.boxShadow !== "none" && s.boxShadow !== "");
  };
  const style = getComputedStyle(el);
  const candidates: Array<Element | null | undefined> = [el, el.parentElement?.closest(".mantine-Input-input")];
  if (Number(style.opacity) === 0 || el.getBoundingClientRect().width <= 1)
    candidates.push(
      el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null,
      el.closest("label"),
      el.nextElementSibling,
    );
  const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? "";
  return {
    atBody: false,
    onTarget,
    shown: candidates.some(drawn),
    described: `<${el.tagName.toLowerCase()}${el.id ? ` id="${el.id}"` : ""}> « ${name} » (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`,
    connected: !!target?.isConnected,
  };
}

/** The focused element shows a focus indicator: a computed outline or box-shadow, not none nor 0. */
export async function expectFocusVisible(page: Page) {
  const { shown, described } = await page.evaluate(inspectFocus, null);
  expect(shown, `indicateur de focus visible sur ${described}`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab with `backwards`; by default, Shift+Tab when `target` comes before the focus)
 * until `target`, found by its role and accessible name, has the focus; fails after `max` presses.
 * Every stop on the way must show its focus, and so must the target. Returns the target, focused.
 */
export async function tabTo(target: Locator, options: { max?: number; backwards?: boolean } = {}): Promise<Locator> {
  const page = target.page();
  const max = options.max ?? 40;
  await expect(target).toBeVisible();
  let handle = await target.elementHandle();
  // Unless told, the way a user would go: back with Shift+Tab to what comes before the focus.
  const backwards =
    options.backwards ??
    (await target.evaluate((el) => {
      const from = document.activeElement;
      return (
        !!from && from !== document.body && !!(el.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    }));
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    let state = await page.evaluate(inspectFocus, handle);
    // Re-rendered on the way (a list refreshed): the same control, found again.
    if (!state.connected) {
      handle = await target.elementHandle();
      state = await page.evaluate(inspectFocus, handle);
    }
    if (state.atBody) continue;
    expect(state.shown, `indicateur de focus visible sur ${state.described}`).toBe(true);
    if (state.onTarget) return target;
  }
  throw new Error(`${target} : pas atteint en ${max} appuis sur ${backwards ? "Maj+Tab" : "Tab"}`);
}

/** Tabs to `target` and presses `key` on it (Enter by default: a link, a button, a menu's trigger). */
export async function press(target: Locator, key = "Enter", options?: { max?: number; backwards?: boolean }) {
  await tabTo(target, options);
  await target.page().keyboard.press(key);
}

/**
 * Tabs to a text field and types into it (what was there is replaced). The text arrives as the
 * keyboard's input does, in one input event rather than one per key: a key press per letter is a round
 * trip each and would make these journeys slow for nothing the keys that move and act do not show.
 */
export async function typeInto(field: Locator, text: string, options?: { max?: number; backwards?: boolean }) {
  await tabTo(field, options);
  const page = field.page();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
}

/**
 * Chooses `option` in a select (a combobox) that has the focus: Arrow down opens its list, the arrows
 * walk it to the option, Enter takes it. Fails after `max` arrow presses.
 */
export async function chooseOption(combobox: Locator, option: string | RegExp, { max = 30 } = {}) {
  const page = combobox.page();
  await expect(combobox).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const wanted = page.getByRole("option", { name: option, exact: typeof option === "string" });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await wanted.evaluate((el) => el.hasAttribute("data-combobox-selected"))) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`option « ${option} » pas atteinte en ${max} flèches`);
}

/**
 * Opens the menu of `trigger` (which has the focus) with Enter, walks it with Arrow down to `item` and
 * chooses it with Enter. Fails after `max` arrow presses.
 */
export async function chooseMenuItem(trigger: Locator, item: string, { max = 12 } = {}) {
  const page = trigger.page();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  const wanted = page.getByRole("menuitem", { name: item, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await wanted.evaluate((el) => el === document.activeElement)) {
      await expectFocusVisible(page);
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`« ${item} » pas atteint dans le menu en ${max} flèches`);
}

/**
 * Opens the tab `name` of the page's tab list: Tab to the selected tab, the arrows to the wanted one,
 * Enter (the tabs follow the focus or wait for Enter, both work).
 */
export async function selectTab(page: Page, name: string, { max = 10 } = {}) {
  const wanted = page.getByRole("tab", { name, exact: true });
  if ((await wanted.getAttribute("aria-selected")) === "true") return;
  await tabTo(page.getByRole("tab", { selected: true }), { max: 80 });
  for (let i = 0; i < max; i++) {
    if (await wanted.evaluate((el) => el === document.activeElement)) {
      await expectFocusVisible(page);
      await page.keyboard.press("Enter");
      await expect(wanted).toHaveAttribute("aria-selected", "true");
      return;
    }
    await page.keyboard.press("ArrowRight");
  }
  throw new Error(`onglet « ${name} » pas atteint en ${max} flèches`);
}

/**
 * Checks `radio`: Tab (or Shift+Tab) enters its group, the arrows move in the group (and check), Space
 * checks the one that has the focus.
 */
export async function checkRadio(radio: Locator, { max = 8 } = {}) {
  const page = radio.page();
  const group = radio.locator("xpath=ancestor::*[@role='radiogroup'][1]");
  // The group is one stop: its checked radio, or the first one met (its last, coming from below).
  const fromBelow = await group.evaluate((el) => {
    const from = document.activeElement;
    return !!from && from !== document.body && !!(el.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  const edge = fromBelow ? group.getByRole("radio").last() : group.getByRole("radio").first();
  await tabTo(group.getByRole("radio", { checked: true }).or(edge).first(), { max: 30 });
  for (let i = 0; i < max; i++) {
    if (await radio.evaluate((el) => el === document.activeElement)) {
      if (!(await radio.isChecked())) await page.keyboard.press("Space");
      await expect(radio).toBeChecked();
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`${radio} : pas atteint en ${max} flèches`);
}

/** A dialog closed: the focus is back on the control that opened it (RGAA 12.8), and shows. */
export async function expectFocusBack(dialog: Locator, opener: Locator) {
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(opener.page());
}

/**
 * From the top of a page, the first Tab lands on the skip link, which sends the focus to the main
 * content (RGAA 12.7): the next Tab then starts inside it, past the header and the navigation.
 */
export async function expectSkipLink(page: Page) {
  // The page loaded, with something to reach in its content (a list still loading has nothing yet),
  // and its first requests answered: a list swapped for its loading state while the keys travel has
  // nothing to reach for a moment, and Tab then rightly goes on to the footer.
  await expect(
    page.locator("main").locator("a[href], button:enabled, input:enabled, [tabindex='0']").first(),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  const skip = page.getByRole("link", { name: "Aller au contenu" });
  // Whole sequence again if a late re-render moved things under the keys; a page where the skip link
  // does not lead into the content fails every time.
  await expect(async () => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    // Focus from the very top of the document: the address bar's place.
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused({ timeout: 1_000 });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused({ timeout: 1_000 });
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        inMain: !!el?.closest("main"),
        html: el?.outerHTML.slice(0, 120),
        url: location.pathname + location.search,
        reachable: document.querySelectorAll("main a[href], main button:enabled, main input:enabled").length,
      };
    });
    expect(next.inMain, `après le lien d'évitement, Tab reste dans le contenu (${JSON.stringify(next)})`).toBe(true);
  }).toPass({ timeout: 15_000 });
}

/**
 * No keyboard trap on the page (RGAA 12.13): from where the focus is, Tab goes through every stop and
 * comes back round to the skip link, the first one, within `max` presses.
 */
export async function expectNoTrap(page: Page, max = 200) {
  const skip = await page.getByRole("link", { name: "Aller au contenu" }).elementHandle();
  for (let press = 0; press < max; press++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(inspectFocus, skip)).onTarget) return;
  }
  throw new Error(`le focus ne revient pas au début de la page en ${max} appuis sur Tab : piège au clavier ?`);
}
