import { describe, expect, it, vi } from 'vitest';
import {
  classifyPickerError,
  importCandidates,
  initialNumberChoices,
  needsNumberChoice,
  planImport,
  toContactInput,
} from './device-import';

describe('planImport', () => {
  it('skips contacts without a name or without a usable phone number', () => {
    const plan = planImport([
      { name: ['Bob Builder'], tel: ['+41 79 123 45 67'], email: ['bob@example.org'] },
      { name: [], tel: ['+41791234568'] },
      { name: ['   '], tel: ['+41791234569'] },
      { name: ['No Phone'], tel: [] },
      { name: ['Short Number'], tel: ['12345'] },
      { tel: ['+41791234570'] },
    ]);
    expect(plan.skipped).toBe(5);
    expect(plan.candidates).toEqual([
      { id: '0', name: 'Bob Builder', phones: ['+41791234567'], email: 'bob@example.org' },
    ]);
  });

  it('normalises local numbers (spec §5) and removes duplicates', () => {
    const plan = planImport([
      {
        name: ['Carla'],
        tel: ['(415) 555-0100', '14155550100', '+1 415 555 0100', '0041 79 123 45 67', '+41 79 123 45 67'],
      },
    ]);
    // The 00 call prefix stands for +: 0041 79… is the same number as +41 79….
    expect(plan.candidates[0]?.phones).toEqual(['+14155550100', '+41791234567']);
  });

  it('drops an invalid email but keeps the contact', () => {
    const plan = planImport([{ name: ['Dana'], tel: ['+41791234567'], email: ['not-an-email', 'dana@example.org'] }]);
    expect(plan.candidates[0]?.email).toBe('dana@example.org');
    const none = planImport([{ name: ['Eve'], tel: ['+41791234567'], email: ['nope'] }]);
    expect(none.candidates[0]?.email).toBe('');
  });
});

describe('number choice', () => {
  const plan = planImport([
    { name: ['One Number'], tel: ['+41791234567'] },
    { name: ['Two Numbers'], tel: ['+41791234568', '+41441234567'] },
  ]);
  const [single, double] = plan.candidates;

  it('is needed only for contacts with several numbers and starts on the first number', () => {
    expect(single && needsNumberChoice(single)).toBe(false);
    expect(double && needsNumberChoice(double)).toBe(true);
    expect(initialNumberChoices(plan.candidates)).toEqual({ '0': '+41791234567', '1': '+41791234568' });
  });

  it('uses the chosen number, and falls back to the first for an unknown choice', () => {
    expect(double && toContactInput(double, { '1': '+41441234567' })).toEqual({
      name: 'Two Numbers',
      phone: '+41441234567',
      email: '',
    });
    expect(double && toContactInput(double, { '1': '+10000000000' }).phone).toBe('+41791234568');
    expect(single && toContactInput(single, {}).phone).toBe('+41791234567');
  });
});

describe('importCandidates', () => {
  it('creates one after the other and counts failures as skipped', async () => {
    const plan = planImport([
      { name: ['Ann'], tel: ['+41791234567'] },
      { name: ['Ben'], tel: ['+41791234568'] },
      { name: ['Cid'], tel: ['+41791234569'] },
      { name: ['Nameless'] },
    ]);
    const create = vi.fn(async (input: { name: string }) => {
      if (input.name === 'Ben') throw new Error('409: duplicate');
      return input;
    });
    await expect(importCandidates(plan, initialNumberChoices(plan.candidates), create)).resolves.toEqual({
      imported: 2,
      skipped: 2,
    });
    expect(create.mock.calls.map(([input]) => input.name)).toEqual(['Ann', 'Ben', 'Cid']);
  });
});

describe('classifyPickerError', () => {
  it('maps the picker errors of spec §8', () => {
    expect(classifyPickerError(new DOMException('x', 'NotSupportedError'))).toBe('notSupported');
    expect(classifyPickerError(new DOMException('x', 'NotAllowedError'))).toBe('accessDenied');
    expect(classifyPickerError(new DOMException('x', 'InvalidStateError'))).toBe('failed');
    expect(classifyPickerError(new Error('boom'))).toBe('failed');
    expect(classifyPickerError('weird')).toBe('failed');
  });
});
