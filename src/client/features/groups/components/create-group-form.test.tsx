import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeGroup, positionAt, removeGeolocation, stubGeolocation } from '../testing/make-group';
import { CreateGroupForm } from './create-group-form';

afterEach(removeGeolocation);

/** The texts an input's aria-describedby points to. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function renderForm() {
  const onCreated = vi.fn();
  renderWithProviders(<CreateGroupForm onCreated={onCreated} onCancel={vi.fn()} />);
  return { onCreated };
}

function postedBody(fetchMock: ReturnType<typeof mockFetch>): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/groups' && init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
}

describe('<CreateGroupForm/>', () => {
  it('starts with 50 members and private off, and shows the validation messages', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderForm();
    const maxMembers = screen.getByLabelText('Maximum members');
    expect((maxMembers as HTMLInputElement).value).toBe('50');
    expect(describedText(maxMembers)).toContain('Between 2 and 100 members.');
    expect(screen.getByRole('switch', { name: 'Private group' }).getAttribute('aria-checked')).toBe('false');

    await user.clear(maxMembers);
    await user.type(maxMembers, '1');
    await user.click(screen.getByTestId('create-group-submit'));
    const name = screen.getByLabelText('Group name');
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(name)).toContain('Group name is required');
    expect(describedText(maxMembers)).toContain('Group must allow at least 2 members');

    await user.clear(maxMembers);
    await user.type(maxMembers, '101');
    await user.click(screen.getByTestId('create-group-submit'));
    await vi.waitFor(() => expect(describedText(maxMembers)).toContain('Group cannot exceed 100 members'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets a name run past 100 characters, counts it and refuses it with the spec message', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderForm();
    const name = screen.getByLabelText('Group name') as HTMLInputElement;
    expect(name.getAttribute('maxLength')).toBeNull();
    await user.click(name);
    await user.paste('n'.repeat(79));
    expect(screen.queryByTestId('character-count')).toBeNull();
    await user.paste('n');
    // From 80 % of the limit on, the counter shows, quietly.
    expect(describedText(name)).toBe('80/10080 of 100 characters');
    await user.paste('n'.repeat(25));
    expect(name.value).toHaveLength(105);
    const count = screen.getByTestId('character-count');
    expect(count.className).toContain('text-red-700');
    await user.click(screen.getByTestId('create-group-submit'));
    await vi.waitFor(() => expect(describedText(name)).toContain('Group name must be under 100 characters'));
    expect(describedText(name)).toContain('105 of 100 characters: 5 too many');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(name, '{Backspace}'.repeat(5));
    await vi.waitFor(() => expect(describedText(name)).toBe('100/100100 of 100 characters'));
  });

  it('fills the location from the position and sends the coordinates; the toast names the code', async () => {
    const user = userEvent.setup();
    stubGeolocation((success) => success(positionAt(47.3769, 8.5417)));
    // The server is outside this component test's walls: the geocoder names the place, the group comes back.
    const fetchMock = mockFetch({
      '/api/geocode/reverse': { body: { location: 'Zürich, Switzerland' } },
      '/api/groups': { status: 201, body: makeGroup({ name: 'Neighbours', groupCode: '5550001111' }) },
    });
    const { onCreated } = renderForm();
    await user.type(screen.getByLabelText('Group name'), 'Neighbours');
    await user.click(screen.getByTestId('use-my-location'));
    const location = screen.getByLabelText('Location (optional)');
    await vi.waitFor(() => expect((location as HTMLInputElement).value).toBe('Zürich, Switzerland'));
    const geocode = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/geocode/reverse'));
    expect(String(geocode?.[0])).toBe('/api/geocode/reverse?latitude=47.3769&longitude=8.5417&language=en');

    await user.click(screen.getByRole('switch', { name: 'Private group' }));
    await user.click(screen.getByTestId('create-group-submit'));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(postedBody(fetchMock)).toEqual({
      name: 'Neighbours',
      description: '',
      location: 'Zürich, Switzerland',
      isPrivate: true,
      maxMembers: 50,
      // The contract keeps positions to two decimals (about 1 km).
      latitude: 47.38,
      longitude: 8.54,
    });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Group “Neighbours” created');
    expect(toast.textContent).toContain('Its code is 5550001111.');
  });

  it('falls back to rounded coordinates when the geocoder fails', async () => {
    const user = userEvent.setup();
    stubGeolocation((success) => success(positionAt(47.37689, 8.54169)));
    mockFetch({
      '/api/geocode/reverse': {
        status: 502,
        body: { error: { code: 'geocoding_failed', messageKey: 'errors.geocoding_failed', message: 'x' } },
      },
    });
    renderForm();
    await user.click(screen.getByTestId('use-my-location'));
    const location = screen.getByLabelText('Location (optional)');
    await vi.waitFor(() => expect((location as HTMLInputElement).value).toBe('47.38, 8.54'));
    expect(screen.getByTestId('clear-position')).not.toBeNull();
  });

  it('reports a failed creation with the reason', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/groups': { status: 500, body: { error: { code: 'server_error', message: 'x' } } } });
    const { onCreated } = renderForm();
    await user.type(screen.getByLabelText('Group name'), 'Neighbours');
    await user.click(screen.getByTestId('create-group-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create group');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
