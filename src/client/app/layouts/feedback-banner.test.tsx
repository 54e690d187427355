import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { PageFrame } from '../../components/layouts/page-frame';
import { SignedInLayout } from './signed-in-layout';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BANNER_STATE_URL } from '../../features/feedback/api/get-banner-state';
import { DISMISS_BANNER_URL } from '../../features/feedback/api/dismiss-banner';
import { FEEDBACK_URL } from '../../features/feedback/api/submit-feedback';

// The server is outside this component test's walls: its three banner routes are a stubbed fetch.

const user = makeUser();

function renderLayout({ show = true, feedback = { status: 201, body: '' } as MockResponse } = {}) {
  const fetchMock = mockFetch({
    '/api/messages/unread-count': { body: { count: 0 } },
    [BANNER_STATE_URL]: { body: { show } },
    [DISMISS_BANNER_URL]: { status: 204 },
    [FEEDBACK_URL]: feedback,
  });
  const rendered = renderWithProviders(
    <SignedInLayout user={user}>
      <PageFrame title="Page" />
    </SignedInLayout>,
  );
  return { ...rendered, fetchMock };
}

function posts(fetchMock: ReturnType<typeof mockFetch>, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

async function openPanel() {
  const interaction = userEvent.setup();
  await interaction.click(await screen.findByTestId('feedback-toggle'));
  return { interaction, panel: await screen.findByTestId('feedback-panel') };
}

describe('<FeedbackBanner/> in the signed-in layout', () => {
  it('shows when the server says so and pushes the page down 72 px', async () => {
    renderLayout();
    const banner = await screen.findByRole('region', { name: 'Beta feedback' });
    expect(banner.textContent).toContain('Lendloop is in beta.');
    expect(screen.getByTestId('feedback-banner-content').style.paddingTop).toBe(`${LIMITS.feedbackBannerOffsetPx}px`);
    const toggle = within(banner).getByRole('button', { name: 'Give feedback' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays away when the server says not to show it', async () => {
    const { fetchMock } = renderLayout({ show: false });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => input === BANNER_STATE_URL)).toBe(true));
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByTestId('feedback-banner')).toBeNull();
    expect(screen.getByTestId('feedback-banner-content').style.paddingTop).toBe('');
  });

  it('opens five labelled stars and refuses to send without a rating', async () => {
    const { fetchMock } = renderLayout();
    const { interaction, panel } = await openPanel();
    expect(screen.getByTestId('feedback-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('feedback-toggle').getAttribute('aria-controls')).toBe(panel.id);
    const stars = within(panel).getAllByRole('radio');
    expect(stars.map((star) => star.closest('label')?.textContent)).toEqual([
      '1 of 5 stars',
      '2 of 5 stars',
      '3 of 5 stars',
      '4 of 5 stars',
      '5 of 5 stars',
    ]);
    expect(within(panel).getByText(`Up to ${LIMITS.feedbackTextMax} characters.`)).not.toBeNull();
    await interaction.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Please select a rating');
    expect(posts(fetchMock, FEEDBACK_URL)).toEqual([]);
    expect(screen.getByTestId('feedback-panel')).not.toBeNull();
  });

  it('sends the stars and the trimmed text, thanks, and hides the banner for good', async () => {
    const { fetchMock } = renderLayout();
    const { interaction, panel } = await openPanel();
    await interaction.click(within(panel).getByRole('radio', { name: '4 of 5 stars' }));
    await interaction.type(within(panel).getByRole('textbox'), '  Lovely app  ');
    await interaction.click(within(panel).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByTestId('feedback-banner')).toBeNull());
    expect(posts(fetchMock, FEEDBACK_URL)).toEqual([{ userId: user.id, rating: '4', feedback: 'Lovely app' }]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Thank you for your feedback!');
    expect(screen.getByTestId('feedback-banner-content').style.paddingTop).toBe('');
  });

  it('leaves out empty text', async () => {
    const { fetchMock } = renderLayout();
    const { interaction, panel } = await openPanel();
    await interaction.click(within(panel).getByRole('radio', { name: '1 of 5 stars' }));
    await interaction.type(within(panel).getByRole('textbox'), '   ');
    await interaction.click(within(panel).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posts(fetchMock, FEEDBACK_URL)).toEqual([{ userId: user.id, rating: '1' }]));
  });

  it('says so when sending fails and keeps what was typed', async () => {
    const { fetchMock } = renderLayout({ feedback: { status: 500, statusText: 'Internal Server Error', body: '' } });
    const { interaction, panel } = await openPanel();
    await interaction.click(within(panel).getByRole('radio', { name: '5 of 5 stars' }));
    await interaction.type(within(panel).getByRole('textbox'), 'Great');
    await interaction.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to submit feedback');
    expect(posts(fetchMock, FEEDBACK_URL)).toHaveLength(1);
    expect((within(panel).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Great');
    expect((within(panel).getByRole('radio', { name: '5 of 5 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('feedback-banner')).not.toBeNull();
  });

  it('Cancel closes and resets the panel; Escape closes it and returns to the toggle', async () => {
    renderLayout();
    const { interaction, panel } = await openPanel();
    await interaction.click(within(panel).getByRole('radio', { name: '3 of 5 stars' }));
    await interaction.type(within(panel).getByRole('textbox'), 'Hmm');
    await interaction.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('feedback-panel')).toBeNull();
    const toggle = screen.getByTestId('feedback-toggle');
    expect(document.activeElement).toBe(toggle);

    await interaction.click(toggle);
    const reopened = await screen.findByTestId('feedback-panel');
    expect((within(reopened).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    expect(
      within(reopened)
        .getAllByRole('radio')
        .some((star) => (star as HTMLInputElement).checked),
    ).toBe(false);
    await interaction.keyboard('{Tab}{Escape}');
    expect(screen.queryByTestId('feedback-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('dismisses for good with the user id', async () => {
    const { fetchMock } = renderLayout();
    const interaction = userEvent.setup();
    await interaction.click(await screen.findByRole('button', { name: 'Dismiss the feedback banner' }));
    expect(screen.queryByTestId('feedback-banner')).toBeNull();
    await waitFor(() => expect(posts(fetchMock, DISMISS_BANNER_URL)).toEqual([{ userId: user.id }]));
  });
});

describe('feedback banner texts', () => {
  it.each(['de', 'fr', 'it'])('exist in %s', async (language) => {
    const { i18n } = renderLayout();
    await i18n.changeLanguage(language);
    const banner = await screen.findByTestId('feedback-banner');
    expect(banner.textContent).not.toContain('feedback.');
    await vi.waitFor(() => expect(banner.textContent).not.toContain('Lendloop is in beta.'));
  });
});
