import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { NETWORK_REQUESTS_URL, conversationsUrl } from '@/client/lib/query-keys/message-query-keys';
import { NetworkRequestDialog } from './network-request-dialog';

type Routes = Parameters<typeof mockFetch>[0];
type FetchMock = ReturnType<typeof mockFetch>;

function renderDialog(routes: Routes) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<NetworkRequestDialog open onOpenChange={onOpenChange} />);
  return { ...result, fetchMock, onOpenChange, dialog: screen.getByTestId('network-request-dialog') };
}

function posts(fetchMock: FetchMock) {
  return fetchMock.mock.calls.filter(([url, init]) => url === NETWORK_REQUESTS_URL && init?.method === 'POST');
}

function sentBody(fetchMock: FetchMock): unknown {
  return JSON.parse(String(posts(fetchMock)[0]?.[1]?.body));
}

/** The texts an input's aria-describedby points to. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

const created = (recipientCount: number) => ({ status: 201, body: { id: 'network-request-1', recipientCount } });

describe('<NetworkRequestDialog/>', () => {
  it('starts on the item name with urgency normal and any category', async () => {
    const { dialog } = renderDialog({});
    const title = within(dialog).getByTestId('network-request-title');
    await vi.waitFor(() => expect(document.activeElement).toBe(title));
    expect(within(dialog).getByRole('heading', { name: 'Ask your network' })).not.toBeNull();
    expect((within(dialog).getByTestId('network-request-urgency-normal') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByTestId('network-request-category') as HTMLSelectElement).value).toBe('');
    expect(within(dialog).getByRole('option', { name: 'Any category' })).not.toBeNull();
  });

  it('requires what is looked for and limits title and description, without calling the server', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock } = renderDialog({});
    const title = within(dialog).getByLabelText('What are you looking for?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(describedText(title)).toContain("Please describe what you're looking for."));

    await user.type(title, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(describedText(title)).toContain("Please describe what you're looking for."));

    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(LIMITS.requestTitleMax + 1));
    const description = within(dialog).getByLabelText('Description (optional)');
    await user.click(description);
    await user.paste('y'.repeat(LIMITS.descriptionMax + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(describedText(title)).toContain('Keep it under 100 characters.'));
    expect(describedText(description)).not.toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts urgency normal and no category by default, then says how many people it reached', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock, onOpenChange, queryClient } = renderDialog({ [NETWORK_REQUESTS_URL]: created(4) });
    queryClient.setQueryData([conversationsUrl('user-1')], []);
    await user.type(within(dialog).getByTestId('network-request-title'), '  Ladder  ');
    await user.click(within(dialog).getByTestId('network-request-submit'));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBody(fetchMock)).toEqual({ title: 'Ladder', description: '', urgency: 'normal' });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Network request sent');
    expect(toast.textContent).toContain('It reached 4 people in your network.');
    // The new messages show up in the conversations.
    expect(queryClient.getQueryState([conversationsUrl('user-1')])?.isInvalidated).toBe(true);
  });

  it('posts the chosen category, urgency and description', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock } = renderDialog({ [NETWORK_REQUESTS_URL]: created(1) });
    await user.type(within(dialog).getByTestId('network-request-title'), 'Tent for two');
    await user.type(within(dialog).getByTestId('network-request-description'), ' For a weekend in May ');
    await user.selectOptions(within(dialog).getByTestId('network-request-category'), 'outdoor');
    await user.click(within(dialog).getByRole('radio', { name: 'High' }));
    await user.click(within(dialog).getByTestId('network-request-submit'));
    await vi.waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(fetchMock)).toEqual({
      title: 'Tent for two',
      description: 'For a weekend in May',
      category: 'outdoor',
      urgency: 'high',
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('It reached 1 person in your network.');
  });

  it("says 'Failed to send network request' with the server's reason and stays open", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog({
      [NETWORK_REQUESTS_URL]: {
        status: 409,
        body: { error: { code: 'network_empty', messageKey: 'errors.network_empty', message: 'Empty network' } },
      },
    });
    await user.type(within(dialog).getByTestId('network-request-title'), 'Ladder');
    await user.click(within(dialog).getByTestId('network-request-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to send network request');
    expect(toast.textContent).toContain('Your network is empty: add contacts or join a group first.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('network-request-dialog')).not.toBeNull();
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock, onOpenChange } = renderDialog({});
    await user.type(within(dialog).getByTestId('network-request-title'), 'Ladder');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
