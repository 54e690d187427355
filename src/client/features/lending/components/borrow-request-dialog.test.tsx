import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localIsoDate } from '@/client/lib/local-date';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { DRILL_ID, makeSharedItem } from '@/client/testing/make-item';
import { LENDING_REQUESTS_URL, SENT_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';
import { BorrowRequestDialog } from './borrow-request-dialog';

type Routes = Parameters<typeof mockFetch>[0];

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

function renderDialog(routes: Routes = {}) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<BorrowRequestDialog open onOpenChange={onOpenChange} item={makeSharedItem()} />);
  const dialog = screen.getByTestId('borrow-dialog');
  return {
    ...result,
    fetchMock,
    onOpenChange,
    dialog,
    message: within(dialog).getByTestId('borrow-message') as HTMLTextAreaElement,
    from: within(dialog).getByTestId('borrow-from') as HTMLInputElement,
    until: within(dialog).getByTestId('borrow-until') as HTMLInputElement,
    submit: within(dialog).getByTestId('borrow-submit'),
  };
}

/** What the dialog sent: every call but the calendar's reads of the item's busy days. */
const sent = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method !== undefined && init.method !== 'GET');

const AVAILABILITY_URL = `/api/items/${DRILL_ID}/availability`;

/** Date inputs take a whole value at once, as a browser's date picker sets them. */
const pick = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('<BorrowRequestDialog/>', () => {
  it('names the item, its owner and description, and starts on the message', () => {
    const { dialog, message } = renderDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe('Borrow Cordless drill');
    expect(dialog.textContent).toContain('Ask Greta Gardener to lend it to you.');
    expect(within(dialog).getByTestId('borrow-owner').textContent).toBe('Greta Gardener');
    expect(within(dialog).getByTestId('borrow-item-description').textContent).toBe(
      'With two batteries and a box of bits.',
    );
    expect(document.activeElement).toBe(message);
    expect(within(dialog).getByLabelText('Message to the owner')).toBe(message);
  });

  it('starts both dates at today at the earliest; until follows the chosen from-date', () => {
    const { from, until } = renderDialog();
    const today = localIsoDate();
    expect(from.min).toBe(today);
    expect(until.min).toBe(today);
    pick(from, inDays(3));
    expect(until.min).toBe(inDays(3));
  });

  it('fills an empty until-date with the from-date, and leaves a chosen one alone', () => {
    const { from, until } = renderDialog();
    pick(from, inDays(2));
    expect(until.value).toBe(inDays(2));
    pick(until, inDays(5));
    pick(from, inDays(3));
    expect(until.value).toBe(inDays(5));
  });

  it('refuses a blank message and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, message, from, submit, fetchMock } = renderDialog();
    await user.type(message, '   ');
    pick(from, inDays(1));
    await user.click(submit);
    expect(await within(dialog).findByText('Please write a message to the owner.')).not.toBeNull();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(sent(fetchMock)).toEqual([]);
  });

  it('refuses a return date before the start date', async () => {
    const user = userEvent.setup();
    const { dialog, message, from, until, submit, fetchMock } = renderDialog();
    await user.type(message, 'May I?');
    pick(from, inDays(4));
    pick(until, inDays(2));
    await user.click(submit);
    expect(await within(dialog).findByText('The return date cannot be before the start date.')).not.toBeNull();
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(sent(fetchMock)).toEqual([]);
  });

  it('refuses a start date in the past, and missing dates', async () => {
    const user = userEvent.setup();
    const { dialog, message, from, submit, fetchMock } = renderDialog();
    await user.type(message, 'May I?');
    await user.click(submit);
    expect(await within(dialog).findByText('Choose the day you want to pick it up.')).not.toBeNull();
    expect(within(dialog).getByText('Choose the day you will bring it back.')).not.toBeNull();
    pick(from, inDays(-1));
    await user.click(submit);
    expect(await within(dialog).findByText('The date cannot be in the past.')).not.toBeNull();
    expect(sent(fetchMock)).toEqual([]);
  });

  it('keeps what was typed when closed unsent, and forgets it once sent (issue 33)', async () => {
    const user = userEvent.setup();
    const first = renderDialog();
    await user.type(first.message, 'Could I take it camping?');
    pick(first.from, inDays(3));
    first.unmount();

    const second = renderDialog({ [LENDING_REQUESTS_URL]: { status: 201, body: {} } });
    expect(second.message.value).toBe('Could I take it camping?');
    expect(second.from.value).toBe(inDays(3));
    pick(second.until, inDays(4));
    await user.click(second.submit);
    expect((await screen.findByTestId('toast')).textContent).toContain('Lending request sent');
    second.unmount();

    expect(renderDialog().message.value).toBe('');
  });

  it('sends the request with the until-date as expectedReturnDate, says so, closes and refreshes', async () => {
    const user = userEvent.setup();
    const { message, from, until, submit, fetchMock, onOpenChange, queryClient } = renderDialog({
      [LENDING_REQUESTS_URL]: { status: 201, body: {} },
    });
    queryClient.setQueryData([SENT_REQUESTS_URL], []);
    await user.type(message, '  Could I borrow it on Saturday?  ');
    pick(from, inDays(1));
    pick(until, inDays(2));
    await user.click(submit);

    expect((await screen.findByTestId('toast')).textContent).toContain('Lending request sent');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [[url, init]] = sent(fetchMock) as [[string, RequestInit]];
    expect([url, init.method]).toEqual([LENDING_REQUESTS_URL, 'POST']);
    expect(JSON.parse(String(init.body))).toEqual({
      itemId: DRILL_ID,
      message: 'Could I borrow it on Saturday?',
      requestedFrom: inDays(1),
      expectedReturnDate: inDays(2),
    });
    expect(until.value).toBe(inDays(2));
    expect(queryClient.getQueryState([SENT_REQUESTS_URL])?.isInvalidated).toBe(true);
  });

  it("says what the server refused, in the reader's language, and stays open", async () => {
    const user = userEvent.setup();
    const { message, from, submit, onOpenChange } = renderDialog({
      [LENDING_REQUESTS_URL]: {
        status: 409,
        body: { error: { code: 'item_not_available', messageKey: 'errors.item_not_available', message: 'x' } },
      },
    });
    await user.type(message, 'May I?');
    pick(from, inDays(1));
    await user.click(submit);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to send request');
    expect(toast.textContent).toContain('This item is no longer available.');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to send request' alone when the answer is not ours", async () => {
    const user = userEvent.setup();
    const { message, from, submit } = renderDialog({
      [LENDING_REQUESTS_URL]: { status: 502, statusText: 'Bad Gateway', body: '<html>proxy</html>' },
    });
    await user.type(message, 'May I?');
    pick(from, inDays(1));
    await user.click(submit);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe('Failed to send request');
  });

  it('greys out busy days in the calendar; two taps on free days fill the dates', async () => {
    // A pinned day (only Date is faked, so the dialog's timers run): Monday 8 March 2027.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 2, 8, 10) });
    try {
      const user = userEvent.setup();
      const { dialog, from, until, fetchMock } = renderDialog({
        [AVAILABILITY_URL]: {
          body: { from: '2027-03-01', until: '2027-03-31', busy: [{ from: '2027-03-10', until: '2027-03-11' }] },
        },
      });
      const calendar = within(dialog).getByTestId('borrow-calendar');
      const day = (value: string) => calendar.querySelector<HTMLButtonElement>(`[data-day="${value}"]`)!;
      expect(within(calendar).getByTestId('calendar-month').textContent).toBe('March 2027');
      await vi.waitFor(() => expect(day('2027-03-10').disabled).toBe(true));
      expect(day('2027-03-10').getAttribute('aria-label')).toBe('Wednesday, March 10, 2027, Busy');
      expect(day('2027-03-11').disabled).toBe(true);
      // Before today cannot be picked either; today can.
      expect(day('2027-03-07').disabled).toBe(true);
      expect(day('2027-03-08').disabled).toBe(false);
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${AVAILABILITY_URL}?from=2027-03-01&until=2027-03-31`);

      await user.click(day('2027-03-12'));
      expect([from.value, until.value]).toEqual(['2027-03-12', '2027-03-12']);
      await user.click(day('2027-03-14'));
      expect([from.value, until.value]).toEqual(['2027-03-12', '2027-03-14']);
      expect(day('2027-03-13').getAttribute('aria-pressed')).toBe('true');
      // A third tap starts again; a range across busy days is named before it is sent.
      await user.click(day('2027-03-09'));
      await user.click(day('2027-03-12'));
      expect([from.value, until.value]).toEqual(['2027-03-09', '2027-03-12']);
      expect(within(dialog).getByTestId('borrow-crosses-busy').textContent).toBe('Some of the chosen days are taken.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('on busy days, says which are taken and offers the nearest free period in one tap, instead of a toast', async () => {
    const user = userEvent.setup();
    const { dialog, message, from, until, submit, onOpenChange } = renderDialog({
      [LENDING_REQUESTS_URL]: {
        status: 409,
        body: {
          error: {
            code: 'item_booked',
            messageKey: 'errors.item_booked',
            message: 'x',
            conflict: {
              from: '2027-03-10',
              until: '2027-03-15',
              suggestion: { from: '2027-03-16', until: '2027-03-18' },
            },
          },
        },
      },
    });
    await user.type(message, 'May I?');
    pick(from, inDays(1));
    pick(until, inDays(3));
    await user.click(submit);
    const conflict = await within(dialog).findByTestId('borrow-conflict');
    expect(conflict.textContent).toContain('The item is busy on some of these days.');
    expect(conflict.textContent).toContain('Taken from Mar 10, 2027 to Mar 15, 2027.');
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.click(within(conflict).getByRole('button', { name: 'Ask for Mar 16, 2027 – Mar 18, 2027' }));
    expect([from.value, until.value]).toEqual(['2027-03-16', '2027-03-18']);
    expect(within(dialog).queryByTestId('borrow-conflict')).toBeNull();
    expect(message.value).toBe('May I?');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
