import type { Page } from '@playwright/test';
import { MD_BREAKPOINT_PX } from './env';

/** True below Tailwind's md breakpoint, where the bottom navigation replaces the header navigation. */
export function isPhoneLayout(page: Page): boolean {
  const width = page.viewportSize()?.width;
  if (width === undefined) throw new Error('the page has no fixed viewport');
  return width < MD_BREAKPOINT_PX;
}
