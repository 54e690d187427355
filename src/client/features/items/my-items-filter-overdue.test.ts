import { describe, expect, it } from 'vitest';
import { makeOwnItem } from '../../testing/make-item';
import { countByStatus, filterMyItems, NO_MY_ITEMS_FILTERS } from './my-items-filter';

describe('the Overdue filter', () => {
  const late = makeOwnItem({ id: 'late', status: 'borrowed' });
  const onTime = makeOwnItem({ id: 'on-time', status: 'borrowed' });
  const home = makeOwnItem({ id: 'home', status: 'available' });
  const items = [late, onTime, home];
  const overdue = new Set(['late']);

  it('shows only the items lent out past their due date, and counts them', () => {
    expect(filterMyItems(items, { ...NO_MY_ITEMS_FILTERS, status: 'overdue' }, overdue)).toEqual([late]);
    expect(countByStatus(items, overdue)).toMatchObject({ all: 3, in_use: 2, overdue: 1 });
    expect(countByStatus(items, new Set()).overdue).toBe(0);
  });
});
