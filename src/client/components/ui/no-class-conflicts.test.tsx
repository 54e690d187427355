import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findClassConflicts } from '../../testing/class-conflicts';
import { PageFrame, type PageFrameWidth } from '../layouts/page-frame';
import { UnreadBadge } from '../layouts/unread-badge';
import { buttonClasses, SIZE_CLASSES, VARIANT_CLASSES, type ButtonSize, type ButtonVariant } from './button';
import { Input, type InputTextSize } from './input';

// cn does not merge Tailwind classes (lib/cn.ts, ADR 0014): a primitive's
// variants and sizes must not set a property twice, or the stylesheet's order
// decides which one shows.

describe('findClassConflicts', () => {
  it('finds two utilities for one property under the same variants', () => {
    expect(findClassConflicts('h-10 px-3 text-sm px-0')).toEqual([['px-3', 'px-0']]);
    expect(findClassConflicts('text-sm text-slate-700 text-red-700')).toEqual([['text-slate-700', 'text-red-700']]);
    expect(findClassConflicts('hover:bg-slate-100 hover:bg-red-50')).toEqual([
      ['hover:bg-slate-100', 'hover:bg-red-50'],
    ]);
    expect(findClassConflicts('w-full max-w-6xl max-w-3xl')).toEqual([['max-w-6xl', 'max-w-3xl']]);
    expect(findClassConflicts('text-base text-[11px]')).toEqual([['text-base', 'text-[11px]']]);
    expect(findClassConflicts('absolute -right-1 -right-3')).toEqual([['-right-1', '-right-3']]);
    expect(findClassConflicts('inline-flex hidden')).toEqual([['inline-flex', 'hidden']]);
    expect(findClassConflicts('data-[state=on]:bg-white data-[state=on]:bg-brand-50')).toHaveLength(1);
  });

  it('accepts other variants, other properties and a longhand refining a shorthand', () => {
    expect(findClassConflicts('h-10 sm:h-9 md:hidden inline-flex')).toEqual([]);
    expect(findClassConflicts('text-sm text-slate-700 text-center leading-5 font-medium')).toEqual([]);
    expect(
      findClassConflicts('rounded-2xl rounded-br-sm p-4 px-3 border border-slate-300 flex flex-col flex-1'),
    ).toEqual([]);
    expect(
      findClassConflicts('has-[:checked]:bg-brand-50 bg-white outline-2 outline-offset-2 outline-brand-700'),
    ).toEqual([]);
  });
});

describe('primitives set each property once', () => {
  const variants = Object.keys(VARIANT_CLASSES) as ButtonVariant[];
  const sizes = Object.keys(SIZE_CLASSES) as ButtonSize[];

  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))(
    'Button %s %s',
    (variant, size) => {
      expect(findClassConflicts(buttonClasses(variant, size))).toEqual([]);
    },
  );

  it.each<InputTextSize>(['base', 'sm'])('Input textSize %s', (textSize) => {
    render(<Input aria-label="field" textSize={textSize} />);
    expect(findClassConflicts(screen.getByRole('textbox').className)).toEqual([]);
  });

  it.each<PageFrameWidth>(['wide', 'narrow'])('PageFrame width %s', (width) => {
    render(<PageFrame title="Title" width={width} />);
    expect(findClassConflicts(screen.getByRole('main').className)).toEqual([]);
  });

  it.each(['button', 'icon'] as const)('UnreadBadge placement %s', (placement) => {
    render(<UnreadBadge count={3} placement={placement} testId="badge" />);
    expect(findClassConflicts(screen.getByTestId('badge').className)).toEqual([]);
  });
});
