import { describe, expect, it } from 'vitest';
import { isReservedForPersonalUse } from '../items';
import { LIMITS } from '../limits';
import { itemFormSchema } from './item';

const TODAY = '2026-11-22';
const form = itemFormSchema(TODAY);
const valid = { name: 'Drill', category: 'tools' };

/** The first message key zod reports for `field`, or undefined when the form is valid there. */
function messageFor(input: Record<string, unknown>, field: string): string | undefined {
  const result = form.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('item form (spec §5)', () => {
  it.each([
    ['name missing', { category: 'tools' }, 'name', 'validation.itemNameRequired'],
    ['name blank', { ...valid, name: '   ' }, 'name', 'validation.itemNameRequired'],
    ['name of 101 characters', { ...valid, name: 'x'.repeat(101) }, 'name', 'validation.itemNameTooLong'],
    ['name with a line break', { ...valid, name: 'a\nb' }, 'name', 'validation.invalidCharacters'],
    ['category missing', { name: 'Drill' }, 'category', 'validation.categoryRequired'],
    ['category unknown', { ...valid, category: 'cars' }, 'category', 'validation.categoryRequired'],
    ['description of 501', { ...valid, description: 'x'.repeat(501) }, 'description', 'validation.descriptionTooLong'],
    ['status borrowed', { ...valid, status: 'borrowed' }, 'status', 'validation.itemStatusInvalid'],
    ['URL without scheme', { ...valid, imageUrl: 'example.com/a.jpg' }, 'imageUrl', 'validation.urlInvalid'],
    ['javascript: URL', { ...valid, imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'validation.urlInvalid'],
    [
      'http URL (mixed content)',
      { ...valid, imageUrl: 'http://example.com/a.jpg' },
      'imageUrl',
      'validation.urlInvalid',
    ],
    ['data: URL', { ...valid, imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', 'validation.urlInvalid'],
    ['URL too long', { ...valid, imageUrl: `https://e.com/${'a'.repeat(2048)}` }, 'imageUrl', 'validation.urlInvalid'],
    ['date yesterday', { ...valid, personalUseUntil: '2026-11-21' }, 'personalUseUntil', 'validation.dateInPast'],
    ['date not real', { ...valid, personalUseUntil: '2026-02-30' }, 'personalUseUntil', 'validation.dateInvalid'],
    [
      'date in another format',
      { ...valid, personalUseUntil: '22.11.2026' },
      'personalUseUntil',
      'validation.dateInvalid',
    ],
    ['photo id not a uuid', { ...valid, photoIds: ['x'] }, 'photoIds', 'validation.photoInvalid'],
    [
      'the same photo twice',
      { ...valid, photoIds: Array(2).fill('6a0d9f1e-3d1c-4c59-9b51-8f7c7f2f7a11') },
      'photoIds',
      'validation.photoInvalid',
    ],
    [
      'one photo too many',
      { ...valid, photoIds: Array.from({ length: LIMITS.photosPerItemMax + 1 }, () => crypto.randomUUID()) },
      'photoIds',
      'validation.tooManyPhotos',
    ],
  ])('refuses %s', (_label, input, field, key) => {
    expect(messageFor(input, field)).toBe(key);
  });

  it.each([
    ['the minimum', valid],
    ['a name of exactly 100', { ...valid, name: 'x'.repeat(100) }],
    ['a description of 500 with line breaks', { ...valid, description: `${'x'.repeat(498)}\n\n` }],
    ['reserved until today', { ...valid, personalUseUntil: TODAY }],
    ['six photos', { ...valid, photoIds: Array.from({ length: 6 }, () => crypto.randomUUID()) }],
  ])('accepts %s', (_label, input) => {
    expect(form.safeParse(input).success).toBe(true);
  });

  it('trims, turns empty optional text into null and defaults status, photos and reservation', () => {
    expect(form.parse({ name: '  Drill  ', category: 'tools', description: '  ', imageUrl: ' ' })).toEqual({
      name: 'Drill',
      category: 'tools',
      description: null,
      imageUrl: null,
      status: 'available',
      photoIds: [],
      personalUseUntil: null,
    });
  });
});

describe('personal-use reservation (spec §4)', () => {
  it.each([
    [null, false],
    ['2026-11-21', false],
    ['2026-11-22', false],
    ['2026-11-23', true],
  ])('until %s: reserved %s', (until, reserved) => {
    expect(isReservedForPersonalUse(until, TODAY)).toBe(reserved);
  });
});
