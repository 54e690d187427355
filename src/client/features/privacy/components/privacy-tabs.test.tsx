import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/client/lib/full-page-navigation';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { PrivacyTabs } from './privacy-tabs';

// jsdom cannot navigate; the deletion's full page load to / is observed here instead.
vi.mock('@/client/lib/full-page-navigation', () => ({ assignLocation: vi.fn() }));

const USER_ID = '6f1c1b1e-2f59-4a41-9a55-0c0f4b6f6a01';
const OPERATOR_URL = '/api/legal/operator';
const EXPORT_URL = `/api/gdpr/export/${USER_ID}`;
const DELETE_URL = `/api/gdpr/delete-account/${USER_ID}`;
const OPERATOR = {
  name: 'Lendloop Verein',
  address: 'Musterstrasse 1\n8000 Zürich',
  email: 'privacy@lendloop.example',
  photoStorage: null,
};
const UNSET_OPERATOR = { name: null, address: null, email: null, photoStorage: null };

const serverError = (code: string, status = 500): MockResponse => ({
  status,
  body: { error: { code, messageKey: `errors.${code}`, message: 'x' } },
});

function renderTabs(routes: Parameters<typeof mockFetch>[0], options: { userId?: string | null; path?: string } = {}) {
  const fetchMock = mockFetch({ [OPERATOR_URL]: { body: OPERATOR }, ...routes });
  const onSignIn = vi.fn();
  const rendered = renderWithProviders(
    <PrivacyTabs userId={options.userId === undefined ? USER_ID : options.userId} onSignIn={onSignIn} />,
    { path: options.path ?? '/gdpr' },
  );
  return { ...rendered, fetchMock, onSignIn };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);

describe('<PrivacyTabs/> policy', () => {
  it("shows the spec's eleven sections in order, dated today, naming the configured operator", async () => {
    renderTabs({});
    const sections = screen.getAllByTestId(/^policy-section-/).map((section) => section.dataset.testid);
    expect(sections).toEqual(
      [
        'controller',
        'collection',
        'legalBasis',
        'use',
        'sharing',
        'retention',
        'rights',
        'cookies',
        'security',
        'contact',
        'complaint',
      ].map((id) => `policy-section-${id}`),
    );
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
    expect(screen.getByTestId('policy-last-updated').textContent).toBe(`Last updated: ${today}`);
    const address = await screen.findByTestId('operator-address');
    expect(address.textContent).toContain('Lendloop Verein');
    expect(address.textContent).toContain('Musterstrasse 1\n8000 Zürich');
    expect(screen.getByTestId('operator-email').getAttribute('href')).toBe('mailto:privacy@lendloop.example');
    expect(screen.queryByTestId('operator-missing')).toBeNull();
  });

  it('covers push and email notifications where they belong: what is stored, who delivers it, how long', () => {
    renderTabs({});
    const section = (id: string) => screen.getByTestId(`policy-section-${id}`).textContent;
    expect(section('collection')).toContain('a record of your notifications');
    expect(section('collection')).toContain('including the due date, the reminders about it');
    expect(section('use')).toContain('by push or email as you chose');
    expect(section('sharing')).toContain("delivered by your browser's push service");
    expect(section('sharing')).toContain("through the operator's mail server");
    expect(section('sharing')).toContain('unsubscribe with one click');
    expect(section('retention')).toContain('until you turn push off on that device');
    expect(section('retention')).toContain('deleted with your account');
  });

  it('names the photo bucket as a processor only when the operator keeps photos in one', async () => {
    renderTabs({ [OPERATOR_URL]: { body: { ...OPERATOR, photoStorage: { host: 'fsn1.your-objectstorage.com' } } } });
    const processor = await screen.findByTestId('policy-photo-storage');
    expect(processor.textContent).toContain('object storage service (fsn1.your-objectstorage.com)');
    expect(processor.textContent).toContain('as a processor (Art. 28 GDPR)');
    expect(within(screen.getByTestId('policy-section-sharing')).getByTestId('policy-photo-storage')).toBe(processor);
  });

  it('names no photo storage service when photos stay in the app’s own database', async () => {
    renderTabs({});
    await screen.findByTestId('operator-address');
    expect(screen.queryByTestId('policy-photo-storage')).toBeNull();
  });

  it('says plainly when the operator has not entered their details', async () => {
    renderTabs({ [OPERATOR_URL]: { body: UNSET_OPERATOR } });
    expect((await screen.findByTestId('operator-missing')).textContent).toContain(
      'The operator of this Lendloop instance has not yet entered their name and address.',
    );
    expect(screen.getByTestId('operator-email-missing')).toBeTruthy();
    expect(screen.queryByTestId('operator-address')).toBeNull();
  });

  it('opens the tab the address names; the deletion tab points to the export first', async () => {
    const user = userEvent.setup();
    const { history } = renderTabs({}, { path: '/gdpr?tab=deletion' });
    expect(screen.getByRole('tab', { name: 'Delete account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('deletion-warning')).toBeTruthy();
    await user.click(screen.getByTestId('deletion-export-first'));
    expect(screen.getByRole('tab', { name: 'Data export' }).getAttribute('aria-selected')).toBe('true');
    expect(history.at(-1)).toBe('/gdpr?tab=export');
  });
});

describe('<PrivacyTabs/> export', () => {
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    clicked = [];
    // jsdom does not download: the object URL and the link the page clicks are recorded instead.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    // Only the clock: 23:30 local time, when the UTC date is already (or still) another day in most zones.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 23, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists what the file holds and downloads the answer as lendloop-<local date>.json', async () => {
    const user = userEvent.setup();
    const exported = { user: { name: 'Ada Lovelace' }, items: [] };
    const { fetchMock } = renderTabs({ [EXPORT_URL]: { body: exported } }, { path: '/gdpr?tab=export' });
    const contents = within(screen.getByTestId('export-contents')).getAllByRole('listitem');
    expect(contents.map((item) => item.textContent)).toEqual([
      'Personal data: your account, profile, profile photo and language',
      'Items with their photos, details and who may see them',
      'Contacts, including the details you entered',
      'Groups and your join requests',
      'Messages you sent and received',
      'Lending requests with due dates and extension requests, loan conditions with their photos, problems, thanks and private loan links (never the link itself), and network requests',
      'Notifications: your choices, your push devices (name and dates) and the notifications recorded for you',
      'Activity: sign-in history and feedback',
    ]);

    await user.click(screen.getByTestId('export-download'));
    await vi.waitFor(() => expect(clicked).toEqual([{ href: 'blob:export', download: 'lendloop-2026-03-05.json' }]));
    expect(callsTo(fetchMock, 'POST', EXPORT_URL)).toHaveLength(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0];
    // The answer's bytes, unchanged (the Blob class of fetch is not jsdom's, so no instanceof).
    expect(JSON.parse(await (blob as Blob).text())).toEqual(exported);
    expect((await screen.findByTestId('toast')).textContent).toContain('Your data was downloaded');
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows a busy button while the file is prepared and a failure toast when the server refuses', async () => {
    const user = userEvent.setup();
    let answer: (response: MockResponse) => void = () => undefined;
    renderTabs(
      { [EXPORT_URL]: () => new Promise<MockResponse>((resolve) => (answer = resolve)) },
      { path: '/gdpr?tab=export' },
    );
    const button = screen.getByTestId('export-download');
    await user.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Preparing your file…'));
    expect((button as HTMLButtonElement).disabled).toBe(true);

    answer(serverError('server_error'));
    const failure = await screen.findByTestId('toast');
    expect(failure.textContent).toContain('Export failed');
    expect(failure.textContent).toContain('Something went wrong on our side');
    expect(clicked).toEqual([]);
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('falls back to its own explanation when the answer says nothing usable', async () => {
    const user = userEvent.setup();
    renderTabs({ [EXPORT_URL]: { status: 502, body: '<html>Bad gateway</html>' } }, { path: '/gdpr?tab=export' });
    await user.click(screen.getByTestId('export-download'));
    const failure = await screen.findByTestId('toast');
    expect(failure.textContent).toContain('Your data could not be exported. Please try again.');
  });
});

describe('<PrivacyTabs/> deletion', () => {
  it('enables the final button only once the checkbox is ticked, then deletes, clears the cache and loads /', async () => {
    const user = userEvent.setup();
    const { fetchMock, queryClient } = renderTabs({ [DELETE_URL]: { status: 204 } }, { path: '/gdpr?tab=deletion' });
    expect(within(screen.getByTestId('deletion-kept')).getByText(/shown as from "Deleted account"/)).toBeTruthy();
    queryClient.setQueryData(['/api/items/my'], [{ id: 'x' }]);

    await user.click(screen.getByTestId('delete-account-open'));
    const dialog = await screen.findByTestId('delete-account-dialog');
    const confirm = within(dialog).getByTestId('delete-account-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText(/I understand that my account/));
    expect(confirm.disabled).toBe(false);
    await user.click(within(dialog).getByLabelText(/I understand that my account/));
    expect(confirm.disabled).toBe(true);
    expect(callsTo(fetchMock, 'DELETE', DELETE_URL)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/I understand that my account/));
    await user.click(confirm);
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(callsTo(fetchMock, 'DELETE', DELETE_URL)).toHaveLength(1);
    expect(queryClient.getQueryData(['/api/items/my'])).toBeUndefined();
  });

  it('asks again after the dialog was closed, and keeps it open with a toast when deletion fails', async () => {
    const user = userEvent.setup();
    renderTabs({ [DELETE_URL]: serverError('server_error') }, { path: '/gdpr?tab=deletion' });
    await user.click(screen.getByTestId('delete-account-open'));
    let dialog = await screen.findByTestId('delete-account-dialog');
    await user.click(within(dialog).getByLabelText(/I understand that my account/));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByTestId('delete-account-open'));
    dialog = await screen.findByTestId('delete-account-dialog');
    const acknowledge = within(dialog).getByLabelText(/I understand that my account/) as HTMLInputElement;
    expect(acknowledge.checked).toBe(false);

    await user.click(acknowledge);
    await user.click(within(dialog).getByTestId('delete-account-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Account deletion failed');
    expect(screen.getByTestId('delete-account-dialog')).toBeTruthy();
    expect(assignLocation).not.toHaveBeenCalled();
  });
});

describe('<PrivacyTabs/> signed out', () => {
  it('shows the policy and asks to sign in instead of exporting or deleting, coming back to the same tab', async () => {
    const user = userEvent.setup();
    const { fetchMock, onSignIn } = renderTabs({}, { userId: null });
    expect(screen.getByTestId('policy-section-complaint')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Data export' }));
    expect(screen.queryByTestId('export-download')).toBeNull();
    expect(screen.getByTestId('privacy-sign-in-notice').textContent).toContain('Sign in to download your data.');

    await user.click(screen.getByRole('tab', { name: 'Delete account' }));
    expect(screen.queryByTestId('delete-account-open')).toBeNull();
    await user.click(within(screen.getByTestId('privacy-sign-in-notice')).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledWith('/gdpr?tab=deletion');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([OPERATOR_URL]);
  });
});
