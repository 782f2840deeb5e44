/**
 * The layout audit: what a person on a small phone would notice, measured in the
 * page as it is drawn.
 *
 * - **Covered:** a visible control (link, button, field, tab, …) whose centre is drawn under
 *   another element, so a tap there reaches something else (the floating call button over a
 *   job's Map button dialled the office). Controls scrolled under the page's own chrome (the
 *   sticky header at the top, the phone's dock at the foot, a toast) are where the page scrolls
 *   them, not covered: the audit looks at each scroll position of the page in turn.
 * - **Clipped:** text cut by a box that hides its overflow ("0417 382 9", "Mine | The…",
 *   "From galler"), or running past the screen's right edge.
 * - **Small:** a tap target under 44 × 44 px on a phone or a touch screen (a radio or checkbox
 *   counts with its label), under 24 × 24 px for a mouse on a desktop (WCAG 2.5.8). Links inside
 *   running text are exempt, as WCAG 2.5.8 exempts them.
 *
 * - **Device key:** a row's key (`JOB-2026-P7`) shown where people read its number
 *   (page-models/device-keys.ts).
 *
 * While a dialog or menu is open only what is in it can be reached, and only that is audited.
 */
import type { Page } from '@playwright/test';
import { deviceKeysIn } from './device-keys';

/** The smallest target for a finger, and for a mouse on a screen at least 768 px wide. */
const MIN_TARGET_PX = { finger: 44, mouse: 24 } as const;

/** One thing wrong, in words a reviewer can find on the screenshot. */
export type LayoutProblem = string;

/**
 * Waits until nothing on the page is moving: a section still opening (Mantine's Collapse hides
 * its overflow while its height grows) or a dialog still fading in is drawn where it will not
 * stay, so what it clips or covers then is no finding. Endless animations (a spinner) are not
 * waited for. On a busy machine a 200 ms transition can take seconds.
 */
async function waitStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 15_000 },
  );
}

/** Audits the page at its current scroll position; returns the problems found. */
async function auditHere(page: Page): Promise<LayoutProblem[]> {
  await waitStill(page);
  return page.evaluate((sizes) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const finger = vw < 768 || matchMedia('(pointer: coarse)').matches;
    const minTarget = finger ? sizes.finger : sizes.mouse;
    const vh = window.innerHeight;

    const describe = (el: Element): string => {
      const label =
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.getAttribute('placeholder') ||
        el.textContent ||
        '';
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
      const text = label.replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${el.tagName.toLowerCase()} "${text}"${testId ? ` in [${testId}]` : ''}`;
    };

    const visible = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      return true;
    };

    // While a dialog (a modal, the menu drawer, a popover) is open, only it can be reached.
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
    const scopes: Element[] = dialogs.length > 0 ? dialogs : [document.body];
    const inScope = (el: Element) => scopes.some((scope) => scope.contains(el));

    // The page's chrome: fixed or sticky strips across the top (the header, a toast) and the
    // bottom (the phone's dock). What is under them is where the page scrolls it.
    let top = 0;
    let bottom = vh;
    const lower: DOMRect[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (!visible(el) || dialogs.some((dialog) => dialog.contains(el) || el.contains(dialog)))
        continue;
      const rect = el.getBoundingClientRect();
      const strip = rect.width >= vw * 0.9;
      const toast = el.matches('.mantine-Notifications-root, .mantine-Notifications-root *');
      if (!strip && !toast) continue;
      if (rect.top <= 1 || (toast && rect.top < vh / 2)) top = Math.max(top, rect.bottom);
      else lower.push(rect);
    }
    // The dock is strips stacked from the bottom edge (the call bar, the install card on it).
    for (const rect of lower.sort((a, b) => b.bottom - a.bottom))
      if (rect.bottom >= bottom - 1) bottom = Math.min(bottom, rect.top);

    const INTERACTIVE =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], ' +
      '[role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="option"], ' +
      '[role="menuitem"], [tabindex]:not([tabindex="-1"])';

    const inRunningText = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = (el.textContent ?? '').trim().length;
      return (parent.textContent ?? '').trim().length > own + 3;
    };

    /**
     * The box a finger can hit: a radio or checkbox with its label; a field by its drawn box
     * (a password field's input sits inside a box with the show/hide toggle).
     */
    const targetBox = (el: Element): DOMRect => {
      const field = el.tagName === 'INPUT' ? el.closest('.mantine-Input-input') : null;
      const rect = (field ?? el).getBoundingClientRect();
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'radio' || input.type === 'checkbox')) {
        const boxes = [rect, ...[...(input.labels ?? [])].map((l) => l.getBoundingClientRect())];
        const left = Math.min(...boxes.map((b) => b.left));
        const right = Math.max(...boxes.map((b) => b.right));
        const topEdge = Math.min(...boxes.map((b) => b.top));
        const bottomEdge = Math.max(...boxes.map((b) => b.bottom));
        return new DOMRect(left, topEdge, right - left, bottomEdge - topEdge);
      }
      return rect;
    };

    const belongsTo = (el: Element, hit: Element | null): boolean => {
      if (!hit) return true;
      if (el === hit || el.contains(hit) || hit.contains(el)) return true;
      const labels = [...((el as HTMLInputElement).labels ?? [])];
      return labels.some((label) => label.contains(hit));
    };

    for (const el of document.querySelectorAll(INTERACTIVE)) {
      if (!inScope(el) || !visible(el)) continue;
      if ((el as HTMLElement).closest('[data-layout-audit="skip"]')) continue;
      const box = targetBox(el);
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      // A centre within a few pixels of the chrome's edge is at the edge of the scroll, not
      // under anything (hit tests round to whole pixels).
      const onScreen = cx >= 0 && cx <= vw && cy >= top + 4 && cy <= bottom - 4;
      if (!onScreen) continue;
      if (!inRunningText(el) && (box.width < minTarget - 0.5 || box.height < minTarget - 0.5))
        problems.push(
          `small: ${describe(el)} is ${Math.round(box.width)}×${Math.round(box.height)} px`,
        );
      const hit = document.elementFromPoint(cx, cy);
      if (!belongsTo(el, hit))
        problems.push(`covered: ${describe(el)} is under ${hit ? describe(hit) : 'nothing'}`);
    }

    // A page wider than the screen cuts whatever is beyond its edge (and the phone zooms out).
    const overflow = document.documentElement.scrollWidth - vw;
    if (overflow > 1) problems.push(`clipped: the page is ${overflow} px wider than the screen`);

    // Text cut by a box that hides its overflow, or past the screen's edge.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (text.trim() === '') continue;
      const parent = node.parentElement;
      if (!parent || !inScope(parent) || !visible(parent)) continue;
      if (parent.closest('script, style, noscript, [data-layout-audit="skip"]')) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      const mid = rect.top + rect.height / 2;
      if (mid < top || mid > bottom) continue;
      const what = `${parent.tagName.toLowerCase()} "${text.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
      if (rect.right > vw + 1) {
        problems.push(`clipped: ${what} runs past the screen's edge`);
        continue;
      }
      // An ellipsis is clipping by definition, whatever the boxes say.
      const ellipsis = getComputedStyle(parent).textOverflow === 'ellipsis';
      if (ellipsis && parent.scrollWidth > parent.clientWidth + 1) {
        problems.push(`clipped: ${what} ends in an ellipsis`);
        continue;
      }
      for (
        let box = parent as Element | null;
        box && box !== document.body;
        box = box.parentElement
      ) {
        const style = getComputedStyle(box);
        const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (!hidesX && !hidesY) continue;
        const bounds = box.getBoundingClientRect();
        // Visually hidden text (1 px boxes) and collapsed sections show nothing at all.
        if (bounds.width <= 2 || bounds.height <= 2) break;
        const overlaps =
          rect.right > bounds.left &&
          rect.left < bounds.right &&
          rect.bottom > bounds.top &&
          rect.top < bounds.bottom;
        if (!overlaps) break;
        const cutX = hidesX && (rect.left < bounds.left - 1 || rect.right > bounds.right + 1);
        const cutY = hidesY && (rect.top < bounds.top - 2 || rect.bottom > bounds.bottom + 2);
        if (cutX || cutY) {
          problems.push(`clipped: ${what} is cut by ${describe(box).slice(0, 40)}`);
          break;
        }
      }
    }
    return problems;
  }, MIN_TARGET_PX);
}

/**
 * Audits the whole page, screen by screen from the top (or, with a dialog open, what shows now),
 * and leaves it scrolled back to the top. Each problem is listed once.
 */
export async function auditLayout(page: Page, options: { scroll?: boolean } = {}) {
  const found = new Set<LayoutProblem>();
  for (const key of deviceKeysIn(await page.locator('body').innerText()))
    found.add(`device key: ${key} is shown`);
  const dialogOpen = await page.locator('[role="dialog"]:visible').count();
  const scroll = options.scroll ?? dialogOpen === 0;
  if (!scroll) {
    for (const problem of await auditHere(page)) found.add(problem);
    return [...found];
  }
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  // Steps of half a screen: every control is, at some step, clear of the header and the dock.
  const step = Math.max(200, Math.floor(screen / 2));
  for (let y = 0; y < height; y += step) {
    await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y);
    for (const problem of await auditHere(page)) found.add(problem);
    if (y + screen >= height) break;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...found];
}
