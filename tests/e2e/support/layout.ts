import type { Locator, Page } from '@playwright/test';
import { MD_BREAKPOINT_PX } from './env';

/** True below Tailwind's md breakpoint, where the bottom navigation replaces the header navigation. */
export function isPhoneLayout(page: Page): boolean {
  const width = page.viewportSize()?.width;
  if (width === undefined) throw new Error('the page has no fixed viewport');
  return width < MD_BREAKPOINT_PX;
}

/**
 * Labels in `scope` that do not fit their box: a visible button, tab or link
 * (or a text span inside one, such as a truncated label) whose content is
 * wider than the box, and a tab list or button group that has to scroll
 * sideways, which hides a label behind the edge, and a word broken over two
 * lines. Returns "text (content px >
 * box px)" per clipped label; visually hidden (screen-reader-only) text is skipped.
 */
export async function overflowingLabels(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const clipped: string[] = [];
    // Visually hidden text (sr-only: clipped to nothing) is for screen readers and may not fit on purpose.
    const visuallyHidden = (element: Element) => {
      const style = getComputedStyle(element);
      return style.clip !== 'auto' || (style.clipPath !== 'none' && style.clipPath !== '');
    };
    const tooWide = (element: Element) =>
      element.getBoundingClientRect().width > 1 &&
      !visuallyHidden(element) &&
      element.scrollWidth > element.clientWidth + 1;
    const describe = (element: Element) =>
      `${(element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.tagName} (${element.scrollWidth} > ${element.clientWidth})`;
    const rows = [root, ...root.querySelectorAll('[role="tablist"], [role="group"]')];
    for (const row of rows) {
      if ((row.getAttribute('role') === 'tablist' || row.getAttribute('role') === 'group') && tooWide(row)) {
        clipped.push(`row ${describe(row)}`);
      }
    }
    // A word whose letters land on two lines ("Nachrichte / n") was too long for its box as well.
    const brokenWords = (control: Element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || visuallyHidden(parent) || parent.getClientRects().length === 0) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`${match[0]} (broken over ${lines.size} lines)`);
        }
      }
      return broken;
    };
    for (const control of root.querySelectorAll('button, [role="tab"], a')) {
      if (control.getClientRects().length === 0) continue;
      for (const element of [control, ...control.querySelectorAll('span')]) {
        if (tooWide(element)) clipped.push(describe(element));
      }
      clipped.push(...brokenWords(control));
    }
    return clipped;
  });
}
