import { describe, expect, it } from 'vitest';
import './zod-csp';
import { z } from 'zod';

describe('zod under the Content-Security-Policy', () => {
  it('turns zod JIT (new Function) off', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('still parses object schemas', () => {
    expect(z.object({ count: z.number() }).parse({ count: 3 })).toEqual({ count: 3 });
  });
});
