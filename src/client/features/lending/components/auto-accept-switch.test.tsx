import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { AutoAcceptSwitch } from './auto-accept-switch';

describe('<AutoAcceptSwitch/> (issue 35)', () => {
  it('is labelled for the contact, off as given, and saves as it is switched on', async () => {
    const fetchMock = mockFetch({ '/api/contacts/c-1/auto-accept': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(
      <AutoAcceptSwitch target={{ kind: 'contact', id: 'c-1' }} checked={false} name="Bob Builder" />,
    );
    const toggle = screen.getByRole('switch', { name: "Accept Bob Builder's requests for free days automatically" });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect((await screen.findByTestId('toast')).textContent).toContain('Requests will be accepted automatically');
    const [[url, init]] = fetchMock.mock.calls as [[string, RequestInit]];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/contacts/c-1/auto-accept',
      'PUT',
      { autoAccept: true },
    ]);
  });

  it('for a group, switches it off at its own URL', async () => {
    const fetchMock = mockFetch({ '/api/groups/g-1/auto-accept': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<AutoAcceptSwitch target={{ kind: 'group', id: 'g-1' }} checked name="Garden Club" />);
    await user.click(
      screen.getByRole('switch', { name: 'Accept requests from members of Garden Club for free days automatically' }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('Requests will wait for your answer');
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({ autoAccept: false });
  });
});
