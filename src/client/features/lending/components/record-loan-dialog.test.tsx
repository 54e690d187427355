import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnItem } from '@/contract/schemas/item';
import { localIsoDate } from '@/client/lib/local-date';
import { MY_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';
import { SENT_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';
import { itemLoansUrl, LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';
import { BOB_ID, makeContact } from '@/client/testing/contact-fixtures';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import type { ContactsStatus } from './borrower-picker';
import { RecordLoanDialog } from './record-loan-dialog';

type Routes = Parameters<typeof mockFetch>[0];

const CARLA_ID = '6a1f3c2d-7b8e-4f90-a1b2-c3d4e5f60718';
const CONTACTS = [
  makeContact(),
  makeContact({
    id: CARLA_ID,
    name: 'Carla Lenz',
    status: 'active',
    contactUserId: 'user-3',
    username: 'carla',
  }),
];

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

function renderDialog(routes: Routes = {}, item: OwnItem = makeOwnItem(), contactsStatus: ContactsStatus = 'success') {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const contacts = contactsStatus === 'success' ? CONTACTS : [];
  const result = renderWithProviders(
    <RecordLoanDialog
      open
      onOpenChange={onOpenChange}
      item={item}
      contacts={contacts}
      contactsStatus={contactsStatus}
    />,
  );
  const dialog = screen.getByTestId('record-loan-dialog');
  const field = (testId: string) => within(dialog).getByTestId(testId) as HTMLInputElement;
  return {
    ...result,
    fetchMock,
    onOpenChange,
    dialog,
    borrower: field('record-loan-borrower'),
    lentOn: field('record-loan-lent-on'),
    backBy: field('record-loan-back-by'),
    returned: field('record-loan-returned'),
    note: within(dialog).getByTestId('record-loan-note') as HTMLTextAreaElement,
    submit: within(dialog).getByTestId('record-loan-submit'),
  };
}

/** Date inputs take a whole value at once, as a browser's date picker sets them. */
const pick = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const [[url, init]] = fetchMock.mock.calls as [[string, RequestInit]];
  expect([url, init.method]).toEqual([itemLoansUrl(DRILL_ID), 'POST']);
  return JSON.parse(String(init.body)) as unknown;
};

describe('<RecordLoanDialog/>', () => {
  it('names the item, starts on who borrowed it, lent today, not yet back', () => {
    const { dialog, borrower, lentOn, backBy, returned } = renderDialog();
    expect(within(dialog).getByRole('heading').textContent).toBe('Record a loan of Cordless drill');
    expect(document.activeElement).toBe(borrower);
    expect(within(dialog).getByLabelText('Who borrowed it?')).toBe(borrower);
    expect(lentOn.value).toBe(localIsoDate());
    expect(lentOn.max).toBe(localIsoDate());
    expect(backBy.value).toBe('');
    expect(returned.checked).toBe(false);
    expect(within(dialog).queryByTestId('record-loan-returned-on')).toBeNull();
  });

  it('asks who has it, and sends nothing without', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, submit, fetchMock } = renderDialog();
    await user.click(submit);
    expect(await within(dialog).findByText('Pick a contact or type who has it.')).not.toBeNull();
    expect(borrower.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a start in the future and a return date before the start', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, lentOn, backBy, submit, fetchMock } = renderDialog();
    await user.type(borrower, 'Marco');
    pick(lentOn, inDays(1));
    await user.click(submit);
    expect(await within(dialog).findByText("The day you lent it can't be in the future.")).not.toBeNull();
    pick(lentOn, inDays(-3));
    pick(backBy, inDays(-4));
    await user.click(submit);
    expect(await within(dialog).findByText("The return date can't be before the day you lent it.")).not.toBeNull();
    expect(backBy.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"already back" asks when, not before the start and not in the future', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, lentOn, returned, submit, fetchMock } = renderDialog();
    await user.type(borrower, 'Marco');
    await user.click(returned);
    const returnedOn = within(dialog).getByTestId('record-loan-returned-on') as HTMLInputElement;
    expect(returnedOn.value).toBe(localIsoDate());
    pick(lentOn, inDays(-3));
    pick(returnedOn, inDays(-5));
    await user.click(submit);
    expect(await within(dialog).findByText("It can't have come back before the day you lent it.")).not.toBeNull();
    pick(returnedOn, inDays(2));
    await user.click(submit);
    expect(await within(dialog).findByText("The day it came back can't be in the future.")).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a typed name as the borrower, says so, closes and refreshes items, history and lending', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, lentOn, backBy, note, submit, fetchMock, onOpenChange, queryClient } = renderDialog({
      [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } },
    });
    for (const key of [MY_ITEMS_URL, SENT_REQUESTS_URL, itemLoansUrl(DRILL_ID), LOAN_COUNTS_URL]) {
      queryClient.setQueryData([key], []);
    }
    await user.type(borrower, '  Marco Rossi ');
    expect(within(dialog).getByTestId('record-loan-typed-name').textContent).toBe(
      'Not in your contacts: only you see this loan.',
    );
    pick(lentOn, inDays(-2));
    pick(backBy, inDays(5));
    await user.type(note, ' with the spare battery ');
    // The note stays the owner's (docs/decisions/0028), and the form says so where it is written.
    expect(note.getAttribute('aria-describedby')).toContain('-hint');
    expect(within(dialog).getByText('Only you see this note.')).toBeTruthy();
    await user.click(submit);

    expect((await screen.findByTestId('toast')).textContent).toContain('Loan recorded');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sentBody(fetchMock)).toEqual({
      borrower: { name: 'Marco Rossi' },
      lentOn: inDays(-2),
      expectedReturnDate: inDays(5),
      returnedOn: null,
      note: 'with the spare battery',
    });
    for (const key of [MY_ITEMS_URL, SENT_REQUESTS_URL, itemLoansUrl(DRILL_ID), LOAN_COUNTS_URL]) {
      expect(queryClient.getQueryState([key])?.isInvalidated).toBe(true);
    }
  });

  it('finds a contact by what is typed and sends its id; typing again makes it a name', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, submit, fetchMock } = renderDialog({
      [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } },
    });
    const options = () => within(dialog).getAllByRole('radio');
    const labels = () => within(dialog).getAllByTestId('record-loan-contact');
    expect(options()).toHaveLength(2);
    expect(labels()[0]!.textContent).toContain('BobNot on Lendloop yet');
    expect(labels()[1]!.textContent).toContain('Carla LenzOn Lendloop');
    await user.type(borrower, 'car');
    expect(options()).toHaveLength(1);
    await user.click(options()[0]!);
    expect(borrower.value).toBe('Carla Lenz');
    expect((options()[0] as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByTestId('record-loan-typed-name')).toBeNull();

    await user.type(borrower, 'x');
    expect(within(dialog).getByTestId('record-loan-typed-name')).not.toBeNull();
    await user.clear(borrower);
    await user.click(options()[0]!);
    expect(borrower.value).toBe('Bob');
    await user.click(submit);
    await screen.findByTestId('toast');
    expect(sentBody(fetchMock)).toEqual({
      borrower: { contactId: BOB_ID },
      lentOn: localIsoDate(),
      expectedReturnDate: null,
      returnedOn: null,
      note: '',
    });
  });

  it('for an item lent out now, only a loan that is already over, and the day it came back is asked', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, lentOn, returned, submit, fetchMock } = renderDialog(
      { [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } } },
      makeOwnItem({ status: 'borrowed' }),
    );
    expect(returned.checked).toBe(true);
    expect(returned.disabled).toBe(true);
    const why = within(dialog).getByTestId('record-loan-lent-out');
    expect(why.textContent).toContain("It's lent out right now");
    expect(returned.getAttribute('aria-describedby')).toBe(why.id);
    const returnedOn = within(dialog).getByTestId('record-loan-returned-on') as HTMLInputElement;
    // Not today: the owner says when it came back.
    expect(returnedOn.value).toBe('');
    await user.type(borrower, 'Marco');
    pick(lentOn, inDays(-10));
    await user.click(submit);
    expect(await within(dialog).findByText('Enter the day it came back.')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    pick(returnedOn, inDays(-8));
    await user.click(submit);
    await screen.findByTestId('toast');
    expect(sentBody(fetchMock)).toMatchObject({ lentOn: inDays(-10), returnedOn: inDays(-8) });
  });

  it('for an item promised to someone, only a loan that is already over, with its own reason', async () => {
    const user = userEvent.setup();
    const { dialog, borrower, lentOn, returned, submit, fetchMock } = renderDialog(
      { [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } } },
      makeOwnItem({ requestCounts: { pending: 0, accepted: 1, other: 0 } }),
    );
    expect(returned.checked).toBe(true);
    expect(returned.disabled).toBe(true);
    const why = within(dialog).getByTestId('record-loan-lent-out');
    expect(why.textContent).toBe(
      "It's promised to someone right now, so you can only record a loan that's already over.",
    );
    expect(returned.getAttribute('aria-describedby')).toBe(why.id);
    await user.type(borrower, 'Marco');
    pick(lentOn, inDays(-6));
    pick(within(dialog).getByTestId('record-loan-returned-on') as HTMLInputElement, inDays(-5));
    await user.click(submit);
    await screen.findByTestId('toast');
    expect(sentBody(fetchMock)).toMatchObject({ lentOn: inDays(-6), returnedOn: inDays(-5) });
  });

  it("typing a contact's whole name sends the contact, and Enter saves it so", async () => {
    const user = userEvent.setup();
    const { dialog, borrower, fetchMock } = renderDialog({
      [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } },
    });
    await user.type(borrower, ' carla lenz');
    expect(within(dialog).queryByTestId('record-loan-typed-name')).toBeNull();
    expect((within(dialog).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    await user.type(borrower, '{Enter}');
    await screen.findByTestId('toast');
    expect(sentBody(fetchMock)).toMatchObject({ borrower: { contactId: CARLA_ID } });
  });

  it('says to pick a contact the text finds, "only you" only when none, and announces how many', async () => {
    const user = userEvent.setup();
    const { dialog, borrower } = renderDialog();
    const hint = () => within(dialog).getByTestId('record-loan-typed-name').textContent;
    const announced = () => within(dialog).getByTestId('record-loan-contacts-status');
    expect(announced().getAttribute('aria-live')).toBe('polite');
    await user.type(borrower, 'Carl');
    expect(hint()).toBe('Pick Carla Lenz below so they see the loan.');
    expect(announced().textContent).toBe('1 matching contact');
    await user.clear(borrower);
    await user.type(borrower, 'Bo');
    // Bob is not on Lendloop: he would not see the loan, so the hint does not promise it.
    expect(hint()).toBe('Is it one of your contacts? Pick them below.');
    expect(announced().textContent).toBe('1 matching contact');
    await user.type(borrower, 'zz');
    expect(hint()).toBe('Not in your contacts: only you see this loan.');
    expect(announced().textContent).toBe('0 matching contacts');
  });

  it('while the contacts load or failed to, says nothing about who sees the loan', async () => {
    const user = userEvent.setup();
    for (const status of ['pending', 'error'] as const) {
      const { dialog, borrower, unmount } = renderDialog({}, makeOwnItem(), status);
      await user.type(borrower, 'Carla Lenz');
      expect(within(dialog).queryByTestId('record-loan-typed-name')).toBeNull();
      unmount();
    }
  });

  it('a whole name typed while the contacts load becomes that contact once they arrive', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [itemLoansUrl(DRILL_ID)]: { status: 201, body: { id: 'loan-1' } } });
    let arrive = () => {};
    // The address book as the page passes it: empty and pending, then loaded.
    function Harness() {
      const [loaded, setLoaded] = useState(false);
      arrive = () => setLoaded(true);
      return (
        <RecordLoanDialog
          open
          onOpenChange={vi.fn()}
          item={makeOwnItem()}
          contacts={loaded ? CONTACTS : []}
          contactsStatus={loaded ? 'success' : 'pending'}
        />
      );
    }
    renderWithProviders(<Harness />);
    await user.type(screen.getByTestId('record-loan-borrower'), 'Carla Lenz');
    act(() => arrive());
    await user.click(screen.getByTestId('record-loan-submit'));
    await screen.findByTestId('toast');
    expect(sentBody(fetchMock)).toMatchObject({ borrower: { contactId: CARLA_ID } });
  });

  it('says what the server refused and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { borrower, submit, onOpenChange } = renderDialog({
      [itemLoansUrl(DRILL_ID)]: {
        status: 409,
        body: { error: { code: 'item_not_available', messageKey: 'errors.item_not_available', message: 'x' } },
      },
    });
    await user.type(borrower, 'Marco');
    await user.click(submit);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to record the loan');
    expect(toast.textContent).toContain('This item is no longer available.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(borrower.value).toBe('Marco');
  });
});
