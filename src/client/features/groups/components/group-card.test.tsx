import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Group } from '@/contract/schemas/group';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { GARDEN_ID, makeGroup } from '../testing/make-group';
import { GroupCard } from './group-card';

function renderCard(group: Group, path = '/groups') {
  const result = renderWithProviders(<GroupCard group={group} />, { path });
  return { ...result, card: screen.getByTestId('group-card') };
}

describe('<GroupCard/>', () => {
  it('public, without distance: globe, name, count/max, code, description, admin and location', () => {
    const { card } = renderCard(makeGroup());
    expect(card.getAttribute('data-group-id')).toBe(GARDEN_ID);
    expect(within(card).getByRole('heading', { name: 'Garden tools' })).not.toBeNull();
    expect(within(card).getByText('Public group')).not.toBeNull();
    expect(within(card).getByTestId('group-member-count').textContent).toBe('3/50');
    expect(within(card).getByTestId('group-code').textContent).toBe('1234567890');
    expect(card.textContent).toContain('Spades, rakes and a lawnmower for the street.');
    expect(within(card).getByTestId('group-admin').textContent).toBe('Admin: Greta Gardener');
    expect(within(card).getByTestId('group-location').textContent).toBe('Zurich');
    expect(within(card).queryByTestId('group-distance')).toBeNull();
  });

  it('with a distance: kilometres with one decimal instead of the location', () => {
    const { card } = renderCard(makeGroup({ distance: 2 }));
    expect(within(card).getByTestId('group-distance').textContent).toBe('2.0 km');
    expect(within(card).queryByTestId('group-location')).toBeNull();
  });

  it('formats the distance in the current language', async () => {
    const { i18n } = renderCard(makeGroup({ distance: 12.3 }));
    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('group-distance')).textContent).toBe('12,3 km');
  });

  it('private group of which the viewer is no member: lock, no code', () => {
    const { card } = renderCard(makeGroup({ isPrivate: true, groupCode: null, location: null, description: null }));
    expect(within(card).getByText('Private group')).not.toBeNull();
    expect(within(card).queryByText('Public group')).toBeNull();
    expect(within(card).queryByTestId('group-code')).toBeNull();
    expect(within(card).queryByTestId('group-location')).toBeNull();
  });

  it("marks a group the viewer asked to join with 'Request pending'", () => {
    const { card } = renderCard(makeGroup({ hasPendingRequest: true }));
    expect(within(card).getByTestId('group-request-pending').textContent).toBe('Request pending');
  });

  it("shows no 'Request pending' without a pending request", () => {
    const { card } = renderCard(makeGroup());
    expect(within(card).queryByTestId('group-request-pending')).toBeNull();
  });

  it("'View Details' leads to the group's page", async () => {
    const user = userEvent.setup();
    const { card, history } = renderCard(makeGroup());
    const link = within(card).getByRole('link', { name: 'View details of Garden tools' });
    expect(link.textContent).toBe('View Details');
    await user.click(link);
    expect(history.at(-1)).toBe(`/groups/${GARDEN_ID}`);
  });
});
