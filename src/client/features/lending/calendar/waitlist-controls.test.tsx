import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { WaitingPeople, WaitlistControls } from './waitlist-controls';

const URL = '/api/items/item-1/waitlist';

describe('<WaitlistControls/>', () => {
  it('joins for the refused days, then says so and offers to stop waiting', async () => {
    let mine: unknown = null;
    const fetchMock = mockFetch({
      [URL]: ({ init }) => {
        if (init?.method === 'PUT') {
          mine = { from: '2027-03-10', until: '2027-03-12', expiresAt: '2027-04-09T10:00:00.000Z' };
          return { status: 204 };
        }
        return { body: { mine } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistControls itemId="item-1" days={{ from: '2027-03-10', until: '2027-03-12' }} />);
    await user.click(await screen.findByRole('button', { name: 'Tell me when these days are free' }));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ from: '2027-03-10', until: '2027-03-12' });
    expect((await screen.findByTestId('waitlist-waiting')).textContent).toContain(
      "You'll be told when Mar 10, 2027 – Mar 12, 2027 is free.",
    );
    expect(screen.getByRole('button', { name: 'Stop waiting' })).toBeTruthy();
  });
});

describe('<WaitingPeople/>', () => {
  it('shows the owner who waits, and nothing when nobody does', async () => {
    mockFetch({ [URL]: { body: { mine: null, waiting: [{ name: 'Bob', from: null, until: null, since: 'x' }] } } });
    renderWithProviders(<WaitingPeople itemId="item-1" />);
    expect((await screen.findByTestId('waitlist-people')).textContent).toBe('1 person is waiting for itBob');
  });
});
