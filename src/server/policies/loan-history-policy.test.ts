import { describe, expect, it } from 'vitest';
import { can } from './index';

const ada = { id: 'ada' };
const grace = { id: 'grace' };

describe('loan history rules', () => {
  it('item:readLoans: the owner only, not someone the item is shared with', () => {
    expect(can(ada, 'item:readLoans', { ownerId: 'ada', visibleToActor: false })).toBe(true);
    expect(can(grace, 'item:readLoans', { ownerId: 'ada', visibleToActor: true })).toBe(false);
    expect(can(null, 'item:readLoans', { ownerId: 'ada', visibleToActor: true })).toBe(false);
  });

  it('loanCounts:read: one’s own totals only', () => {
    expect(can(ada, 'loanCounts:read', { id: 'ada' })).toBe(true);
    expect(can(grace, 'loanCounts:read', { id: 'ada' })).toBe(false);
    expect(can(null, 'loanCounts:read', { id: 'ada' })).toBe(false);
  });
});
