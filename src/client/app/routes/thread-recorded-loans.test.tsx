import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@/contract/schemas/messages';
import { MessagesPage } from './messages';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { disputeLoanUrl } from '../../lib/query-keys/loan-query-keys';
import { conversationsUrl, markReadUrl, threadUrl } from '../../lib/query-keys/message-query-keys';
import { conversationHref } from '../../features/messages/messages-route';
import {
  BOB,
  ME,
  makeConversation,
  makeLendingRequestInfo,
  makeMessage,
  makeThread,
} from '../../features/messages/testing/make-message';
import { makeLendingRequest } from '../../testing/make-lending-request';

const READ = '2026-03-01T12:00:00.000Z';
const LOAN_ID = 'recorded-loan-1';

/** Bob recorded that the signed-in user borrowed his drill (issue 19): the notice he posted. */
function recordedNotice(status: 'borrowed' | 'disputed' | 'returned', borrower = ME): Message {
  return makeMessage({
    id: `recorded-${status}`,
    senderId: BOB,
    messageType: 'system',
    systemEvent: 'loan_recorded',
    systemItemName: 'Cordless drill',
    content: 'Loan recorded: Cordless drill',
    readAt: READ,
    lendingRequest: makeLendingRequestInfo({
      id: LOAN_ID,
      status,
      ownerId: BOB,
      requesterId: borrower,
      requestedFrom: null,
      expectedReturnDate: null,
    }),
  });
}

function renderThread(messages: () => Message[]) {
  const fetchMock = mockFetch({
    [conversationsUrl(ME)]: { body: [makeConversation()] },
    [threadUrl(ME, BOB)]: () => ({ body: makeThread(messages()) }),
    [markReadUrl(ME, BOB)]: { status: 204 },
    [disputeLoanUrl(LOAN_ID)]: {
      body: makeLendingRequest({ id: LOAN_ID, origin: 'recorded', status: 'disputed', message: null }),
    },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser({ id: ME }));
  const result = renderWithProviders(<MessagesPage />, { queryClient, path: conversationHref(BOB) });
  return { fetchMock, ...result };
}

describe('<MessagesPage/> recorded loans', () => {
  it("tells the borrower in their language and lets them say it's not right, then shows it disputed", async () => {
    const user = userEvent.setup();
    let status: 'borrowed' | 'disputed' = 'borrowed';
    const { fetchMock, i18n } = renderThread(() => [recordedNotice(status)]);
    const notice = await screen.findByTestId('recorded-loan-notice');
    expect(within(notice).getByTestId('system-message').textContent).toContain(
      'A loan of “Cordless drill” was recorded.',
    );

    status = 'disputed';
    await user.click(within(notice).getByRole('button', { name: "That's not right" }));
    const dialog = await screen.findByTestId('loan-dispute-dialog');
    expect(dialog.textContent).toContain('Bob Baker recorded that you borrowed “Cordless drill”.');
    await user.click(within(dialog).getByRole('button', { name: "That's not right" }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Loan marked as not right');
    expect(fetchMock.mock.calls.filter(([url]) => url === disputeLoanUrl(LOAN_ID))).toHaveLength(1);
    // The thread is refreshed: the loan is over, so the button goes.
    await vi.waitFor(() => expect(screen.queryByTestId('loan-dispute')).toBeNull());
    expect(screen.getByTestId('system-message')).not.toBeNull();

    await i18n.changeLanguage('de');
    await vi.waitFor(() =>
      expect(screen.getByTestId('system-message').textContent).toContain(
        'Eine Ausleihe von „Cordless drill“ wurde eingetragen.',
      ),
    );
  });

  it('offers nothing to the owner, nor once the loan is over', async () => {
    renderThread(() => [recordedNotice('borrowed', BOB), recordedNotice('returned')]);
    expect(await screen.findAllByTestId('system-message')).toHaveLength(2);
    expect(screen.queryByTestId('loan-dispute')).toBeNull();
  });

  it('shows the owner the notice that a loan was marked as not right', async () => {
    renderThread(() => [
      makeMessage({
        id: 'disputed',
        senderId: BOB,
        messageType: 'system',
        systemEvent: 'loan_disputed',
        systemItemName: 'Cordless drill',
        content: 'Loan marked as not right: Cordless drill',
        readAt: READ,
        lendingRequest: makeLendingRequestInfo({ id: LOAN_ID, status: 'disputed', requesterId: BOB, ownerId: ME }),
      }),
    ]);
    expect((await screen.findByTestId('system-message')).textContent).toContain(
      'The loan of “Cordless drill” was marked as not right and ended.',
    );
    expect(screen.queryByTestId('loan-dispute')).toBeNull();
  });
});
