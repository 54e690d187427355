import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import type { PickedContact } from '../device-import';
import { makeContact } from '@/client/testing/contact-fixtures';
import { ImportContactsPanel } from './import-contacts-panel';

/** jsdom has no Contact Picker API: install a fake one for a test. */
function installPicker(select: () => Promise<PickedContact[]>) {
  vi.stubGlobal('ContactsManager', function ContactsManager() {});
  Object.defineProperty(navigator, 'contacts', { configurable: true, value: { select: vi.fn(select) } });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'contacts');
});

const picked: PickedContact[] = [
  { name: ['Ann'], tel: ['+41791111111'] },
  { name: ['Ben'], tel: ['+41792222222', '(415) 555-0100'], email: ['ben@example.org'] },
  { name: ['Nameless'], tel: [] },
];

function created(body: { name: string; phone: string }): MockResponse {
  return { status: 201, body: makeContact({ id: `id-${body.name}`, name: body.name, phone: body.phone }) };
}

/** The server is outside this test's walls: it answers each POST /api/contacts through `answer`. */
function stubServer(answer: (body: { name: string; phone: string }) => MockResponse) {
  return mockFetch({
    '/api/contacts': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { name: string; phone: string };
      return answer(body);
    },
  });
}

describe('<ImportContactsPanel/>', () => {
  it('lets the person choose one of several numbers, imports and keeps the counts when some were skipped', async () => {
    const user = userEvent.setup();
    installPicker(async () => picked);
    const fetchMock = stubServer((body) =>
      body.name === 'Ann'
        ? { status: 409, body: { error: { code: 'contact_duplicate_phone', messageKey: 'x', message: 'x' } } }
        : created(body),
    );
    const onAllImported = vi.fn();
    renderWithProviders(<ImportContactsPanel onAllImported={onAllImported} />);

    await user.click(screen.getByTestId('import-choose'));
    const group = await screen.findByRole('group', { name: 'Number for Ben' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['+41792222222', '+14155550100']);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByLabelText('+14155550100'));
    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));

    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('Imported: 1 · Skipped: 2');
    expect(onAllImported).not.toHaveBeenCalled();
    expect((await screen.findByTestId('toast')).textContent).toContain('Imported: 1 · Skipped: 2');
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([
      { name: 'Ann', phone: '+41791111111', email: '' },
      { name: 'Ben', phone: '+14155550100', email: 'ben@example.org' },
    ]);
  });

  it('closes (onAllImported) when nothing was skipped', async () => {
    const user = userEvent.setup();
    installPicker(async () => [{ name: ['Ann'], tel: ['+41791111111'] }]);
    stubServer(created);
    const onAllImported = vi.fn();
    renderWithProviders(<ImportContactsPanel onAllImported={onAllImported} />);
    await user.click(screen.getByTestId('import-choose'));
    await vi.waitFor(() => expect(onAllImported).toHaveBeenCalledTimes(1));
  });

  it('says access was denied when the picker refuses', async () => {
    const user = userEvent.setup();
    installPicker(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderWithProviders(<ImportContactsPanel onAllImported={vi.fn()} />);
    await user.click(screen.getByTestId('import-choose'));
    expect((await screen.findByText('Access denied')).parentElement?.textContent).toContain(
      'Please allow access and try again',
    );
  });
});
