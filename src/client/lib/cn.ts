import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (strings, conditionals, arrays). It does not merge
 * conflicting Tailwind utilities: tailwind-merge cost every page about
 * 8.5 kB gzip and 25 ms of CPU on first render (docs/decisions/0014).
 *
 * So no two classes may set the same property: with `px-3` and `px-0` both
 * present, the stylesheet's order decides, not the order here. A component
 * offers what callers may change as props (Button `variant`/`size`, Input
 * `textSize`, PageFrame `width`, …) and keeps such defaults out of the
 * classes a caller's className is added to; className is for additions
 * (margins, flex, shrink, display at a breakpoint).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
