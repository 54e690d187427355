import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@/contract/schemas/calendar-feed';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST: CalendarFeed = {
  url: 'https://lendloop.example/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE.ics',
  createdAt: '2026-12-01T09:30:00.000Z',
};
const SECOND: CalendarFeed = {
  url: 'https://lendloop.example/calendar/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_ZyXwV.ics',
  createdAt: '2026-12-06T10:00:00.000Z',
};

/** The server as the card meets it: GET answers `current`, POST makes SECOND, DELETE turns it off. */
function server(current: CalendarFeed) {
  const calls: string[] = [];
  let feed = current;
  mockFetch({
    '/api/calendar-feed': ({ init }) => {
      const method = init?.method ?? 'GET';
      calls.push(method);
      if (method === 'POST') feed = SECOND;
      if (method === 'DELETE') {
        feed = { url: null, createdAt: null };
        return { status: 204 };
      }
      return { body: feed };
    },
  });
  return calls;
}

const linkField = () => screen.findByTestId<HTMLInputElement>('calendar-feed-link');

describe('<CalendarFeedCard/>', () => {
  it('shows the link in a read-only field, when it was made, and copies it with a toast', async () => {
    const user = userEvent.setup();
    server(FIRST);
    renderWithProviders(<CalendarFeedCard />);
    const card = screen.getByTestId('calendar-feed');
    expect(within(card).getByRole('heading').textContent).toBe('Calendar feed');
    const field = await linkField();
    expect(field.value).toBe(FIRST.url);
    expect(field.readOnly).toBe(true);
    // A long link scrolls inside the field: it may shrink below its content's width, beside a button that does not.
    expect(field.className).toContain('min-w-0');
    expect(screen.getByTestId('calendar-feed-created').textContent).toBe('Made on Dec 1, 2026');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST.url);
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Link copied. Add it to your calendar app as a subscription.',
    );
  });

  it('makes a new link only after asking, and then shows it', async () => {
    const user = userEvent.setup();
    const calls = server(FIRST);
    renderWithProviders(<CalendarFeedCard />);
    await linkField();

    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Make a new link?' });
    expect(dialog.textContent).toContain('The old link stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).not.toContain('POST');

    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    dialog = screen.getByRole('alertdialog', { name: 'Make a new link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((method) => method === 'POST')).toHaveLength(1);
    expect((await linkField()).value).toBe(SECOND.url);
    expect((await screen.findByTestId('toast')).textContent).toContain('New link made. The old one no longer works.');
  });

  it('asks in a dialog that Back closes (its own history entry), and Escape too, making nothing', async () => {
    const user = userEvent.setup();
    const calls = server(FIRST);
    renderWithProviders(<CalendarFeedCard />);
    await linkField();
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    expect(screen.getByRole('alertdialog')).not.toBeNull();
    // Back pops this entry and closes the dialog (lib/back-closes-layer.ts; the browser suite presses Back).
    // Traversing jsdom's history here would depend on what earlier files of this shared window left in it.
    expect(window.history.state).toHaveProperty('lendloopLayer');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).not.toContain('POST');
    expect((await linkField()).value).toBe(FIRST.url);
  });

  it('without a feed offers to make one; turned off, it offers it again', async () => {
    const user = userEvent.setup();
    const calls = server({ url: null, createdAt: null });
    renderWithProviders(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Make a calendar link' }));
    expect((await linkField()).value).toBe(SECOND.url);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Turn off the calendar feed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Make a calendar link' })).not.toBeNull();
    expect(screen.queryByTestId('calendar-feed-link')).toBeNull();
    expect(calls).toEqual(['GET', 'POST', 'DELETE']);
  });
});
