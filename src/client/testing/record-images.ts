import { vi } from 'vitest';

/**
 * Replaces `Image` with a recorder of what is set on it: `created` holds each
 * image's properties, `assignments` the order in which sizes, srcset and src
 * were set (the browser chooses from srcset by sizes when src is set). The
 * caller restores the real `Image` with `vi.unstubAllGlobals()`.
 */
export function recordImages() {
  const created: Record<string, string>[] = [];
  const assignments: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      readonly set: Record<string, string> = {};
      constructor() {
        created.push(this.set);
      }
      set fetchPriority(value: string) {
        this.set.fetchPriority = value;
      }
      set referrerPolicy(value: string) {
        this.set.referrerPolicy = value;
      }
      set sizes(value: string) {
        this.set.sizes = value;
        assignments.push('sizes');
      }
      set srcset(value: string) {
        this.set.srcset = value;
        assignments.push('srcset');
      }
      set src(value: string) {
        this.set.src = value;
        assignments.push('src');
      }
    },
  );
  return { created, assignments };
}
