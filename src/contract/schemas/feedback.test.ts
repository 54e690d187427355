import { describe, expect, it } from 'vitest';
import { feedbackSchema } from './feedback';

describe('feedbackSchema rating (spec §3 Feedback)', () => {
  it.each([
    [1, 1],
    [5, 5],
    ['1', 1],
    ['4', 4],
    ['5', 5],
  ])('accepts %j as the number %d', (rating, expected) => {
    expect(feedbackSchema.parse({ rating }).rating).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [0],
    [6],
    [4.5],
    [Number.NaN],
    [true],
    [false],
    [[4]],
    [{}],
    [''],
    ['0'],
    ['6'],
    ['45'],
    ['4.0'],
    [' 4'],
    ['4 '],
    ['+4'],
    ['four'],
  ])('refuses %j with validation.ratingRequired', (rating) => {
    const result = feedbackSchema.safeParse({ rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rating', 'validation.ratingRequired'],
    ]);
  });

  it('keeps the text trimmed and leaves it out when empty', () => {
    expect(feedbackSchema.parse({ rating: 3, feedback: '  Great  ' })).toEqual({ rating: 3, feedback: 'Great' });
    expect(feedbackSchema.parse({ rating: '3', feedback: '   ' })).toEqual({ rating: 3 });
  });
});
