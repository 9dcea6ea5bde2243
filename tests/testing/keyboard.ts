import { expect, type Locator, type Page } from '@playwright/test';

/** What the focused element shows: its name for messages, and the indicator drawn around it (or its label). */
interface FocusState {
  name: string;
  focusVisible: boolean;
  indicator: string;
}

/**
 * The focused element and its focus indicator: an outline of at least 1 px that is not transparent,
 * or a box-shadow ring, on the element itself or, for a visually hidden input, on its label or an element in
 * it (the photo picker's file input and the choice chips style them with `peer-focus-visible`), or on a box
 * around it that rings itself with `focus-within` (NumberField); an item of a menu, list box or tree may show
 * it as a highlight instead.
 */
function readFocus(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return null;
    const ring = (element: Element): string => {
      const style = getComputedStyle(element);
      const outline = parseFloat(style.outlineWidth) >= 1 && style.outlineStyle !== 'none' && !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
      if (outline) return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return '';
    };
    const box = active.getBoundingClientRect();
    const hidden = box.width <= 2 || box.height <= 2;
    const labels = active instanceof HTMLInputElement ? [...(active.labels ?? [])] : [];
    // A visually hidden input shows its focus on its label or on the chip inside it (Tailwind's peer-focus-visible).
    const shown = hidden ? labels.flatMap((label) => [label, ...label.querySelectorAll('*')]) : [active];
    // A field inside a box that rings itself while the focus is within it (NumberField): the box shows the focus.
    const boxes: Element[] = [];
    for (let box = active.parentElement, level = 0; box && level < 3; box = box.parentElement, level++) {
      if (/\bfocus-within:(ring|outline)/.test(box.getAttribute('class') ?? '')) boxes.push(box);
    }
    // An item of a menu, list box or tree may show the focus as a highlight, as menus do: its background
    // differs from an unfocused item's of the same widget.
    const highlight = (): string => {
      const role = active.getAttribute('role') ?? '';
      if (!/^(menuitem|menuitemradio|menuitemcheckbox|option|treeitem)$/.test(role)) return '';
      const other = [...(active.closest('[role="menu"], [role="listbox"], [role="tree"]')?.querySelectorAll(`[role="${role}"]`) ?? [])].find((item) => item !== active);
      const own = getComputedStyle(active).backgroundColor;
      return other && own !== getComputedStyle(other).backgroundColor ? `highlight ${own}` : '';
    };
    const indicator = [...shown, ...boxes].map(ring).find(Boolean) ?? highlight();
    const name = active.getAttribute('aria-label') ?? labels[0]?.textContent?.trim() ?? active.textContent?.trim().slice(0, 60) ?? active.tagName;
    return { name: `${active.tagName.toLowerCase()} “${name}”`, focusVisible: active.matches(':focus-visible'), indicator };
  });
}

/** The focused element matches :focus-visible and draws an indicator a sighted keyboard user can see. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const focus = await readFocus(page);
  expect(focus, 'an element has the focus').not.toBeNull();
  expect(focus!.focusVisible, `${focus!.name} matches :focus-visible`).toBe(true);
  expect(focus!.indicator, `${focus!.name} draws a focus indicator`).not.toBe('');
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` — or, when it matches several, one of them (the
 * radios or tree items of a group that takes one tab stop) — has the focus, as a keyboard user would, and
 * checks that every stop on the way shows where the focus is. Fails when `target` is not reached in
 * `max` presses: then it is not in the tab order.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<number> {
  await expect(target.first(), 'the element to tab to exists').toBeAttached();
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    if (focus) {
      seen.push(focus.name);
      expect(focus.focusVisible && focus.indicator !== '', `focus indicator on ${focus.name}`).toBe(true);
    }
    const reached = await target.evaluateAll((elements) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active !== null && (elements as Element[]).includes(active);
    });
    if (reached) return presses;
  }
  throw new Error(`Not reached with ${max} × ${backwards ? 'Shift+Tab' : 'Tab'}; the focus went through: ${seen.join(' → ')}`);
}

/** Tabs to `target` and activates it with `key` (Enter by default; Space for checkboxes and radios). */
export async function tabAndPress(page: Page, target: Locator, key = 'Enter', options?: { max?: number; backwards?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/**
 * Presses `key` (an arrow, inside a menu, toolbar or tree, which take one tab stop) until `target` has the focus,
 * then checks that it shows. Fails when `max` presses do not reach it.
 */
export async function arrowTo(page: Page, target: Locator, key: string, max = 20): Promise<void> {
  for (let presses = 0; presses < max && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}
