import { describe, expect, it } from 'vitest';
import {
  createGroupSchema,
  createJoinRequestSchema,
  discoverGroupsQuerySchema,
  groupCodeSchema,
  groupSearchQuerySchema,
  updateGroupSchema,
} from './group';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('group form (spec §5 Group)', () => {
  it('applies the defaults: public, 50 members, no description or location', () => {
    expect(createGroupSchema.parse({ name: ' Garden ' })).toEqual({
      name: 'Garden',
      description: null,
      location: null,
      isPrivate: false,
      maxMembers: 50,
      latitude: null,
      longitude: null,
    });
  });

  it.each([
    [{ name: '' }, 'validation.groupNameRequired'],
    [{ name: '   ' }, 'validation.groupNameRequired'],
    [{ name: 'x'.repeat(101) }, 'validation.groupNameTooLong'],
    [{ name: 'G', description: 'x'.repeat(501) }, 'validation.descriptionTooLong'],
    [{ name: 'G', location: 'x'.repeat(101) }, 'validation.locationTooLong'],
    [{ name: 'G', maxMembers: 1 }, 'validation.groupMaxMembersMin'],
    [{ name: 'G', maxMembers: 101 }, 'validation.groupMaxMembersMax'],
    [{ name: 'G', maxMembers: 2.5 }, 'validation.groupMaxMembersMin'],
    [{ name: 'G', latitude: 47 }, 'validation.coordinatesPair'],
  ])('refuses %j with %s', (input, key) => {
    expect(firstMessage(createGroupSchema.safeParse(input))).toBe(key);
  });

  it.each([
    [{ name: 'x'.repeat(100), maxMembers: 2 }],
    [{ name: 'G', maxMembers: 100, description: 'x'.repeat(500), location: 'x'.repeat(100) }],
    [{ name: 'G', maxMembers: '12' }],
  ])('accepts the limits %#', (input) => {
    expect(createGroupSchema.safeParse(input).success).toBe(true);
  });

  it('edit needs every field (no defaults that could reset a private group) and no coordinates', () => {
    const all = { name: 'G', description: '', location: '', isPrivate: true, maxMembers: '3' };
    expect(updateGroupSchema.parse(all)).toEqual({ ...all, description: null, location: null, maxMembers: 3 });
    expect(updateGroupSchema.safeParse({ name: 'G' }).success).toBe(false);
    expect(firstMessage(updateGroupSchema.safeParse({ ...all, name: '' }))).toBe('validation.groupNameRequired');
  });

  it('takes the member maximum as a number or the text of a number input, nothing else', () => {
    expect(createGroupSchema.safeParse({ name: 'G', maxMembers: [7] }).success).toBe(false);
    expect(createGroupSchema.safeParse({ name: 'G', maxMembers: 'seven' }).success).toBe(false);
    expect(createGroupSchema.parse({ name: 'G', maxMembers: ' 7 ' }).maxMembers).toBe(7);
  });
});

describe('group code (spec §5: exactly 10 digits)', () => {
  it.each([['0123456789'], ['01234 56789']])('accepts %j', (code) => {
    expect(groupCodeSchema.parse(code)).toBe('0123456789');
  });
  it.each([['123456789'], ['12345678901'], ['12345abcde'], ['']])('refuses %j', (code) => {
    expect(firstMessage(groupCodeSchema.safeParse(code))).toBe('validation.groupCodeLength');
  });
});

describe('join message and searches', () => {
  it('takes a join message of at most 500 characters, empty meaning none', () => {
    expect(createJoinRequestSchema.parse({ requestMessage: '  ' }).requestMessage).toBeNull();
    expect(createJoinRequestSchema.safeParse({ requestMessage: 'x'.repeat(500) }).success).toBe(true);
    expect(firstMessage(createJoinRequestSchema.safeParse({ requestMessage: 'x'.repeat(501) }))).toBe(
      'validation.joinMessageTooLong',
    );
  });

  it('needs at least 3 characters to search', () => {
    expect(firstMessage(groupSearchQuerySchema.safeParse({ q: ' ab ' }))).toBe('validation.searchTooShort');
    expect(groupSearchQuerySchema.parse({ q: 'abc' })).toEqual({ q: 'abc' });
  });

  it('discovers with both coordinates or none, and a radius of 5–50 km', () => {
    expect(discoverGroupsQuerySchema.parse({ latitude: '47.1', longitude: '8.5', radius: '25' })).toEqual({
      latitude: 47.1,
      longitude: 8.5,
      radius: 25,
    });
    expect(discoverGroupsQuerySchema.safeParse({ longitude: '8.5' }).success).toBe(false);
    expect(discoverGroupsQuerySchema.safeParse({ latitude: '1', longitude: '1', radius: '55' }).success).toBe(false);
  });
});
