import { describe, expect, it } from 'vitest';
import { diffPermissions, hasChanges, type PermissionChanges, type PermissionChoices } from './permission-diff';

describe('diffPermissions', () => {
  const cases: { name: string; initial: PermissionChoices; current: PermissionChoices; expected: PermissionChanges }[] =
    [
      { name: 'nothing listed', initial: {}, current: {}, expected: { grant: [], revoke: [] } },
      {
        name: 'nothing changed',
        initial: { a: true, b: false },
        current: { a: true, b: false },
        expected: { grant: [], revoke: [] },
      },
      { name: 'newly ticked', initial: { a: false }, current: { a: true }, expected: { grant: ['a'], revoke: [] } },
      { name: 'unticked', initial: { a: true }, current: { a: false }, expected: { grant: [], revoke: ['a'] } },
      {
        name: 'ticked and unticked again',
        initial: { a: false, b: true },
        current: { a: false, b: true },
        expected: { grant: [], revoke: [] },
      },
      {
        name: 'mixed, in the order of the rows',
        initial: { a: false, b: true, c: false, d: true, e: true },
        current: { a: true, b: false, c: true, d: true, e: false },
        expected: { grant: ['a', 'c'], revoke: ['b', 'e'] },
      },
      {
        name: 'an id the server did not list counts as hidden',
        initial: {},
        current: { x: true, y: false },
        expected: { grant: ['x'], revoke: [] },
      },
      {
        name: 'an id missing on screen stays as it was',
        initial: { a: true },
        current: {},
        expected: { grant: [], revoke: [] },
      },
    ];

  it.each(cases)('$name', ({ initial, current, expected }) => {
    expect(diffPermissions(initial, current)).toEqual(expected);
  });
});

describe('hasChanges', () => {
  it.each([
    [{ grant: [], revoke: [] }, false],
    [{ grant: ['a'], revoke: [] }, true],
    [{ grant: [], revoke: ['a'] }, true],
  ])('%j → %s', (changes, expected) => {
    expect(hasChanges(changes)).toBe(expected);
  });
});
