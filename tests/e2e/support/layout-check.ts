import type { Locator, Page } from '@playwright/test';

/*
 * What a person sees, measured (issue 33): the page fits the screen, no
 * blank scrolling, and the primary actions can be reached and are not
 * under a fixed bar. Each function answers a list of problems, empty when
 * the screen is right, so one run names every problem of every screen.
 */

/** Scroll height beyond the last visible content: page padding and the room for the bottom bar, not more. */
export const BLANK_SCROLL_TOLERANCE_PX = 160;

/**
 * Visible elements sticking out of the viewport sideways, and the page
 * itself wider than the viewport. An element is measured as far as it can
 * be seen: clipped by every ancestor that clips (overflow other than
 * visible), so text cut off inside a truncating or scrolling box passes.
 * Named are the causes: offenders none of whose descendants sticks out too
 * (a wrapper that a long word widened is not named, the word's element is).
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport + 1) problems.push(`the page is ${pageWidth} px wide in a ${viewport} px viewport`);
    // A dialog scrolls up and down; one that scrolls sideways hides what runs off its edge (a long unbroken title).
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) {
        problems.push(`a dialog is ${dialog.scrollWidth} px wide inside its ${dialog.clientWidth} px`);
      }
    }

    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.visibility === 'hidden' || style.clip !== 'auto' || (style.clipPath !== 'none' && style.clipPath !== '')
      );
    };
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    // A page wider than the screen widens the fixed bars and dialogs with it (the layout viewport grows on
    // phones): they are then not causes, and naming them would hide the one that is.
    const pageTooWide = pageWidth > viewport + 1;
    const inFixedLayer = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === 'fixed') return true;
      }
      return false;
    };
    /** What `rect` shows of itself beside the viewport, clipped by `from` and its clipping ancestors; null if unseen or inside. */
    const sticksOut = (rect: DOMRect, from: Element | null): string | null => {
      let left = rect.left;
      let right = rect.right;
      for (let box = from; box && box !== document.body; box = box.parentElement) {
        if (hidden(box)) return null;
        if (clips(box)) {
          const bounds = box.getBoundingClientRect();
          left = Math.max(left, bounds.left);
          right = Math.min(right, bounds.right);
        }
      }
      if (right - left < 1 || (right <= viewport + 1 && left >= -1)) return null;
      return `spans ${Math.round(left)}–${Math.round(right)} px of ${viewport}`;
    };
    const describe = (what: string, element: Element, text: string | null, span: string) => {
      const named = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `${what}${element.tagName.toLowerCase()}${named ? ` in ${named}` : ''} "${(text ?? '').trim().slice(0, 30)}" ${span}`;
    };
    const offenders = new Map<Element, string>();
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || hidden(element)) continue;
      if (pageTooWide && inFixedLayer(element)) continue;
      const span = sticksOut(rect, element.parentElement);
      if (span) offenders.set(element, describe('', element, element.textContent, span));
    }
    // Text that runs out of its element's box (an unbroken word in a box that does not wrap it).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || offenders.has(parent) || (node.textContent ?? '').trim() === '') continue;
      if (pageTooWide && inFixedLayer(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width < 1) continue;
      const span = sticksOut(rect, parent);
      if (span) offenders.set(parent, describe('text of ', parent, node.textContent, span));
    }
    for (const [element, description] of offenders) {
      const widenedByADescendant = [...offenders.keys()].some((other) => other !== element && element.contains(other));
      if (!widenedByADescendant) problems.push(description);
      if (problems.length >= 12) break;
    }
    return problems;
  });
}

/**
 * Scrolling that ends in blank space: the page's scroll height against the
 * bottom of the lowest visible content (as far as it can be seen, clipped by
 * its scroll boxes; visually hidden text excluded, since it is what escaped
 * the thread's box before).
 */
export async function blankScroll(page: Page, tolerance = BLANK_SCROLL_TOLERANCE_PX): Promise<string[]> {
  return page.evaluate((allowed) => {
    const scrollHeight = document.documentElement.scrollHeight;
    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.visibility === 'hidden' ||
        style.position === 'fixed' ||
        style.clip !== 'auto' ||
        (style.clipPath !== 'none' && style.clipPath !== '')
      );
    };
    let contentBottom = 0;
    for (const element of document.body.querySelectorAll('*')) {
      if (element.children.length > 0 && !['BUTTON', 'A', 'svg', 'LABEL'].includes(element.tagName)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || hidden(element)) continue;
      let top = rect.top;
      let bottom = rect.bottom;
      let excluded = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (hidden(parent)) excluded = true;
        if (style.overflowY !== 'visible') {
          const box = parent.getBoundingClientRect();
          top = Math.max(top, box.top);
          bottom = Math.min(bottom, box.bottom);
        }
      }
      if (excluded || bottom - top < 1) continue;
      contentBottom = Math.max(contentBottom, bottom + window.scrollY);
    }
    const blank = scrollHeight - Math.max(contentBottom, window.innerHeight);
    return blank > allowed
      ? [
          `${Math.round(blank)} px of blank scroll (page ${scrollHeight} px, content ends at ${Math.round(contentBottom)} px)`,
        ]
      : [];
  }, tolerance);
}

/**
 * Each action in `actions` that a person cannot reach: it must lie inside
 * the viewport and be what a tap at its centre hits, not a fixed bar, the
 * feedback banner or another layer over it. On a page it may first be
 * scrolled into view (its own scroll box, else the page); in a dialog it
 * must be in view as the dialog opens (`inView`): a dialog taller than the
 * window scrolls its body and keeps its actions at the bottom (issue 33,
 * defect 6).
 */
export async function unreachableActions(actions: Locator, how: 'scrolled' | 'inView'): Promise<string[]> {
  const problems: string[] = [];
  for (const action of await actions.all()) {
    if (!(await action.isVisible())) continue;
    if (how === 'scrolled') await action.scrollIntoViewIfNeeded();
    const problem = await action.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const label = element.getAttribute('data-testid') ?? element.textContent?.trim() ?? element.tagName;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        return `${label} is out of reach at (${Math.round(x)}, ${Math.round(y)}) in ${window.innerWidth}×${window.innerHeight}`;
      }
      // A disabled button may not take taps (pointer-events: none); then the hit is an ancestor, which is fine.
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === element || element.contains(hit) || hit.contains(element))) return null;
      const cover = hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName ?? 'nothing';
      return `${label} is covered by ${cover} at (${Math.round(x)}, ${Math.round(y)})`;
    });
    if (problem) problems.push(problem);
  }
  return problems;
}

/** What counts as a screen's primary actions: submit buttons, confirmations, Send. */
export const PRIMARY_ACTIONS =
  'button[type="submit"], [data-testid="confirm-dialog-confirm"], [data-testid$="-confirm"], [data-testid="message-send"]';
