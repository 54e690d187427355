import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnItem, SharedItem } from '../../contract/schemas/item';
import type { LendingRequest } from '../../contract/schemas/lending';
import { localIsoDate } from '../lib/local-date';
import { mockFetch } from '../testing/mock-fetch';
import { renderWithProviders } from '../testing/render-with-providers';
import { lendingRequestUrl, returnItemUrl, SENT_REQUESTS_URL } from '../lib/query-keys/lending-query-keys';
import { makeLendingRequest } from '../testing/make-lending-request';
import { MY_ITEMS_URL } from '../lib/query-keys/item-query-keys';
import { CONTACTS_URL } from '../lib/query-keys/contact-query-keys';
import { itemLoansUrl } from '../lib/query-keys/loan-query-keys';
import { makeContact } from '../testing/contact-fixtures';
import { DRILL_ID, makeOwnItem, makeSharedItem } from '../testing/make-item';
import { OwnItemCard, SharedItemCard } from '../features/items/components/item-card';
import { ITEM_CARD_LENDING } from './item-card-lending';

type Routes = Parameters<typeof mockFetch>[0];

const REQUEST_ID = makeLendingRequest().id;
const REQUEST_URL = lendingRequestUrl(REQUEST_ID);
const RETURN_URL = returnItemUrl(DRILL_ID);

/** The signed-in user (user-1) asked Greta (user-2) for her drill. */
const sent = (overrides: Partial<LendingRequest>) =>
  makeLendingRequest({ requesterId: 'user-1', ownerId: 'user-2', owner: { name: 'Greta Gardener' }, ...overrides });

const serverError = (code: string, message: string) => ({
  status: 409,
  body: { error: { code, messageKey: `errors.${code}`, message } },
});

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

function renderShared(item: SharedItem, request?: LendingRequest, routes: Routes = {}) {
  const fetchMock = mockFetch(routes);
  const onRequest = vi.fn();
  const result = renderWithProviders(
    <SharedItemCard item={item} sentRequest={request} onRequest={onRequest} lending={ITEM_CARD_LENDING} />,
  );
  return { ...result, fetchMock, onRequest, card: screen.getByTestId('item-card') };
}

function renderOwn(item: OwnItem, activeRequest?: LendingRequest, routes: Routes = {}) {
  const fetchMock = mockFetch(routes);
  const result = renderWithProviders(
    <OwnItemCard
      item={item}
      activeRequest={activeRequest}
      lending={ITEM_CARD_LENDING}
      onEdit={vi.fn()}
      onPermissions={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
  return { ...result, fetchMock, card: screen.getByTestId('item-card') };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method]);

describe('<SharedItemCard/> lending states', () => {
  it('in use: Request is disabled and says why', () => {
    const { card, onRequest } = renderShared(makeSharedItem({ status: 'in_use' }));
    const request = within(card).getByTestId('item-request') as HTMLButtonElement;
    expect(request.disabled).toBe(true);
    expect(document.getElementById(request.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The owner is using this item right now.',
    );
    expect(onRequest).not.toHaveBeenCalled();
  });

  it.each([
    ['lent to someone else', makeSharedItem({ status: 'borrowed' })],
    ['promised to someone else', makeSharedItem({ promised: true })],
    ['reserved for personal use', makeSharedItem({ personalUseUntil: inDays(3) })],
  ])('%s: Request stays enabled for later days, says so, and offers the calendar (ADR 0047)', async (_state, item) => {
    const user = userEvent.setup();
    const { card, onRequest } = renderShared(item);
    expect(within(card).getByTestId('item-request-later').textContent).toBe(
      'Taken right now: you can ask for later days.',
    );
    await user.click(within(card).getByRole('button', { name: 'Request' }));
    expect(onRequest).toHaveBeenCalledWith(item);
    expect(within(card).getByRole('button', { name: `When is ${item.name} free?` })).toBeTruthy();
  });

  it("shows the owner's name and, for an available item, an enabled Request that opens the borrow dialog", async () => {
    const user = userEvent.setup();
    const item = makeSharedItem();
    const { card, onRequest } = renderShared(item);
    expect(within(card).getByTestId('item-owner').textContent).toBe('Greta Gardener');
    const request = within(card).getByRole('button', { name: 'Request' }) as HTMLButtonElement;
    expect(request.disabled).toBe(false);
    await user.click(request);
    expect(onRequest).toHaveBeenCalledWith(item);
    expect(within(card).queryByTestId('item-edit')).toBeNull();
    expect(within(card).queryByTestId('item-requests')).toBeNull();
  });

  it('keeps Request disabled, without a reason, until the user and their requests are known', () => {
    renderWithProviders(<SharedItemCard item={makeSharedItem()} lending={ITEM_CARD_LENDING} />);
    const request = screen.getByTestId('item-request') as HTMLButtonElement;
    expect(request.disabled).toBe(true);
    expect(request.getAttribute('aria-describedby')).toBeNull();
  });

  it('pending: a disabled Request Pending and a withdraw icon that withdraws, says so and refreshes', async () => {
    const user = userEvent.setup();
    const { card, fetchMock, queryClient } = renderShared(makeSharedItem(), sent({ status: 'pending' }), {
      [REQUEST_URL]: { status: 204 },
    });
    queryClient.setQueryData([SENT_REQUESTS_URL], [sent({ status: 'pending' })]);
    queryClient.setQueryData([MY_ITEMS_URL], []);
    expect(within(card).queryByTestId('item-request')).toBeNull();
    const pending = within(card).getByTestId('item-request-pending') as HTMLButtonElement;
    expect(pending.textContent).toBe('Request Pending');
    expect(pending.disabled).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Withdraw request for Cordless drill' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Request withdrawn successfully');
    expect(calls(fetchMock)).toEqual([[REQUEST_URL, 'DELETE']]);
    expect(queryClient.getQueryState([SENT_REQUESTS_URL])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([MY_ITEMS_URL])?.isInvalidated).toBe(true);
  });

  it('pending: a refused withdraw says so with the reason', async () => {
    const user = userEvent.setup();
    const { card } = renderShared(makeSharedItem(), sent({ status: 'pending' }), {
      [REQUEST_URL]: serverError('request_withdraw_not_allowed', 'Cannot withdraw'),
    });
    await user.click(within(card).getByTestId('item-withdraw-request'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to withdraw request');
    expect(toast.textContent).toContain('Cannot withdraw this request.');
  });

  it('accepted: a disabled Request Accepted, nothing to request or withdraw', () => {
    const { card } = renderShared(makeSharedItem(), sent({ status: 'accepted' }));
    const accepted = within(card).getByTestId('item-request-accepted') as HTMLButtonElement;
    expect(accepted.textContent).toBe('Request Accepted');
    expect(accepted.disabled).toBe(true);
    expect(within(card).queryByTestId('item-request')).toBeNull();
    expect(within(card).queryByTestId('item-withdraw-request')).toBeNull();
  });

  it('borrowed by the user: a disabled Borrowed by you, even though the item is not available', () => {
    const { card } = renderShared(makeSharedItem({ status: 'borrowed' }), sent({ status: 'borrowed' }));
    const borrowed = within(card).getByTestId('item-request-borrowed') as HTMLButtonElement;
    expect(borrowed.textContent).toBe('Borrowed by you');
    expect(borrowed.disabled).toBe(true);
    expect(within(card).queryByTestId('item-request')).toBeNull();
  });

  it('declined: the user may request again, told that the last request was declined', async () => {
    const user = userEvent.setup();
    const item = makeSharedItem();
    const { card, onRequest } = renderShared(item, sent({ status: 'declined' }));
    expect(within(card).getByTestId('item-request-declined').textContent).toBe(
      'The owner declined your last request. You can ask again.',
    );
    await user.click(within(card).getByRole('button', { name: 'Request' }));
    expect(onRequest).toHaveBeenCalledWith(item);
  });

  it('released (not picked up in time, issue 35): the user may request again, told why', async () => {
    const user = userEvent.setup();
    const item = makeSharedItem();
    const { card, onRequest } = renderShared(item, sent({ status: 'released' }));
    expect(within(card).getByTestId('item-request-released').textContent).toBe(
      'Your reservation was not picked up in time and was released. You can ask again.',
    );
    await user.click(within(card).getByRole('button', { name: 'Request' }));
    expect(onRequest).toHaveBeenCalledWith(item);
  });

  it.each(['returned', 'withdrawn'] as const)('%s: a plain Request again', (status) => {
    const { card } = renderShared(makeSharedItem(), sent({ status }));
    expect((within(card).getByTestId('item-request') as HTMLButtonElement).disabled).toBe(false);
    expect(within(card).queryByTestId('item-request-declined')).toBeNull();
  });
});

describe('<OwnItemCard/> lending actions', () => {
  const borrowedItem = makeOwnItem({ status: 'borrowed', requestCounts: { pending: 0, accepted: 1, other: 0 } });

  it('while borrowed: Return Item (and who has it until when) instead of edit, permissions and delete', async () => {
    const user = userEvent.setup();
    const request = makeLendingRequest({ status: 'borrowed', expectedReturnDate: '2030-05-05' });
    const { card, fetchMock, queryClient } = renderOwn(borrowedItem, request, { [RETURN_URL]: { status: 200 } });
    queryClient.setQueryData([MY_ITEMS_URL], [borrowedItem]);
    expect(within(card).getByTestId('item-lent-to').textContent).toBe('Lent to Bob Builder until May 5, 2030');
    expect(within(card).queryByTestId('item-edit')).toBeNull();
    expect(within(card).queryByTestId('item-permissions')).toBeNull();
    expect(within(card).queryByTestId('item-delete')).toBeNull();
    expect(within(card).getByTestId('item-requests-accepted').textContent).toBe('1 accepted');

    await user.click(within(card).getByRole('button', { name: 'Return Item' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Item returned successfully');
    // The card also reads the loan's open extension request (a GET); the one write is the return.
    expect(calls(fetchMock).filter(([, method]) => method !== 'GET')).toEqual([[RETURN_URL, 'PUT']]);
    expect(queryClient.getQueryState([MY_ITEMS_URL])?.isInvalidated).toBe(true);
  });

  it('while borrowed by a deleted account: “Lent to Deleted account”, translated (docs/decisions/0015)', () => {
    const request = makeLendingRequest({
      status: 'borrowed',
      expectedReturnDate: '2030-05-05',
      requester: { name: 'Stored stand-in name', deleted: true },
    });
    const { card } = renderOwn(borrowedItem, request);
    expect(within(card).getByTestId('item-lent-to').textContent).toBe('Lent to Deleted account until May 5, 2030');
    expect(within(card).getByTestId('item-return')).toBeTruthy();
  });

  it('while borrowed: a failed return says so', async () => {
    const user = userEvent.setup();
    const { card } = renderOwn(borrowedItem, undefined, {
      [RETURN_URL]: serverError('request_transition_not_allowed', 'Not allowed'),
    });
    expect(within(card).queryByTestId('item-lent-to')).toBeNull();
    await user.click(within(card).getByTestId('item-return'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to return item');
    expect(toast.textContent).toContain('This request can no longer be changed this way.');
  });

  it('with an accepted request: Mark as borrowed hands it over, beside the usual actions', async () => {
    const user = userEvent.setup();
    const request = makeLendingRequest({
      status: 'accepted',
      requestedFrom: '2030-05-04',
      expectedReturnDate: '2030-05-05',
    });
    const { card, fetchMock } = renderOwn(makeOwnItem(), request, { [REQUEST_URL]: { status: 200 } });
    expect(within(card).getByTestId('item-promised').textContent).toContain(
      "You accepted Bob Builder's request for May 4, 2030 – May 5, 2030.",
    );
    expect(within(card).getByTestId('item-edit')).not.toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Mark as borrowed' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Marked as borrowed');
    // The card's loan menu loads the contacts too; the hand-over is the one write.
    const writes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT') as [string, RequestInit][];
    const [[url, init]] = writes as [[string, RequestInit]];
    expect(writes).toHaveLength(1);
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([REQUEST_URL, 'PUT', { status: 'borrowed' }]);
  });

  it('with an accepted request: a refused hand-over says why', async () => {
    const user = userEvent.setup();
    const { card } = renderOwn(makeOwnItem(), makeLendingRequest({ status: 'accepted' }), {
      [REQUEST_URL]: serverError('item_lent_to_someone_else', 'Borrowed by someone else'),
    });
    await user.click(within(card).getByTestId('item-mark-borrowed'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to update request');
    expect(toast.textContent).toContain('This item is borrowed by someone else on some of these days.');
  });

  it('without an accepted request: no hand-over', () => {
    const { card } = renderOwn(makeOwnItem(), undefined);
    expect(within(card).queryByTestId('item-promised')).toBeNull();
    expect(within(card).queryByTestId('item-mark-borrowed')).toBeNull();
  });

  it('available, with the lending actions given: Edit, Who can see and Delete, and no Return Item', () => {
    // The card's own test renders it without lending actions; this one shows
    // that the real actions add no Return Item while the item is at home.
    const { card } = renderOwn(makeOwnItem(), undefined);
    expect(within(card).getByRole('button', { name: 'Edit Cordless drill' })).toBeTruthy();
    expect(within(card).queryByTestId('item-return')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Return Item' })).toBeNull();
  });

  it.each([
    ['at home', makeOwnItem(), false],
    ['lent out (then only a loan that is over)', makeOwnItem({ status: 'borrowed' }), true],
  ])('%s: the loan menu records a loan, picking from the contacts', async (_state, item, onlyPast) => {
    const user = userEvent.setup();
    const { card } = renderOwn(item, undefined, { [CONTACTS_URL]: { body: [makeContact()] } });
    await user.click(within(card).getByRole('button', { name: 'More for Cordless drill' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Record a loan' }));
    const dialog = await screen.findByTestId('record-loan-dialog');
    expect((await within(dialog).findByTestId('record-loan-contact')).textContent).toContain('Bob');
    expect((within(dialog).getByTestId('record-loan-returned') as HTMLInputElement).disabled).toBe(onlyPast);
  });

  it('the loan menu opens the lending history', async () => {
    const user = userEvent.setup();
    const { card } = renderOwn(makeOwnItem(), undefined, {
      [CONTACTS_URL]: { body: [] },
      [itemLoansUrl(DRILL_ID)]: { body: [] },
    });
    await user.click(within(card).getByTestId('item-loan-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Lending history' }));
    expect(await screen.findByTestId('item-history-dialog')).not.toBeNull();
    expect(await screen.findByTestId('loan-history-empty')).not.toBeNull();
  });
});
