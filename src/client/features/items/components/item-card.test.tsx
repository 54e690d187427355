import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnItem } from '@/contract/schemas/item';
import { localIsoDate } from '@/client/lib/local-date';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { ITEM_CARD_IMAGE_SIZES } from '../card-picture';
import { daysAgo, DRILL_ID, makeOwnItem, makeSharedItem } from '@/client/testing/make-item';
import { OwnItemCard, SharedItemCard, type SharedItemCardProps } from './item-card';

function renderOwnCard(item: OwnItem) {
  const actions = { onEdit: vi.fn(), onPermissions: vi.fn(), onDelete: vi.fn() };
  const result = renderWithProviders(<OwnItemCard item={item} {...actions} />);
  return { ...result, actions, card: screen.getByTestId('item-card') };
}

function renderSharedCard(item = makeSharedItem(), props: Omit<SharedItemCardProps, 'item'> = {}) {
  const result = renderWithProviders(<SharedItemCard item={item} {...props} />);
  return { ...result, card: screen.getByTestId('item-card') };
}

const photo = (id: string) => ({ id, url: `/api/photos/${id}` });

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

describe('<OwnItemCard/>', () => {
  it('shows name, status, description, category, owner and when it was added', () => {
    const { card } = renderOwnCard(makeOwnItem());
    expect(card.getAttribute('data-item-id')).toBe(DRILL_ID);
    expect(within(card).getByRole('heading', { name: 'Cordless drill' })).not.toBeNull();
    expect(within(card).getByTestId('item-status').textContent).toBe('Available');
    expect(within(card).getByTestId('item-description').textContent).toBe('With two batteries and a box of bits.');
    expect(within(card).getByTestId('item-category').textContent).toBe('Tools');
    expect(within(card).getByTestId('item-owner').textContent).toBe('Annabel Lee');
    expect(within(card).getByTestId('item-added').textContent).toBe('Added 3 days ago');
    expect(within(card).queryByTestId('item-reserved')).toBeNull();
  });

  it.each([
    [0, 'Added today'],
    [1, 'Added yesterday'],
    [12, 'Added 12 days ago'],
  ])('labels an item added %i days ago "%s"', (days, label) => {
    const { card } = renderOwnCard(makeOwnItem({ createdAt: daysAgo(days) }));
    expect(within(card).getByTestId('item-added').textContent).toBe(label);
  });

  it('says it in the active language', async () => {
    const { i18n } = renderOwnCard(makeOwnItem({ createdAt: daysAgo(1) }));
    await i18n.changeLanguage('de');
    expect((await screen.findByTestId('item-added')).textContent).toBe('Hinzugefügt gestern');
  });

  it('shows a placeholder when there is no picture', () => {
    const { card } = renderOwnCard(makeOwnItem());
    expect(within(card).getByTestId('item-image-placeholder')).not.toBeNull();
    expect(within(card).queryByTestId('item-image')).toBeNull();
    expect(within(card).queryByTestId('item-more-photos')).toBeNull();
  });

  it('shows the first photo and "+N more" for the others', async () => {
    const { card } = renderOwnCard(
      makeOwnItem({ photos: [photo('p1'), photo('p2'), photo('p3')], imageUrl: 'https://example.org/drill.jpg' }),
    );
    const image = await within(card).findByTestId('item-image');
    expect(within(card).getByTestId('item-more-photos').textContent).toBe('+2 more');
    // The card copy, with the full image for screens that need more pixels.
    expect(image.getAttribute('src')).toBe('/api/photos/p1?size=card');
    expect(image.getAttribute('srcset')).toBe('/api/photos/p1?size=card 800w, /api/photos/p1 1600w');
    expect(image.getAttribute('sizes')).toBe(ITEM_CARD_IMAGE_SIZES);
  });

  it('loads a list’s first picture at once and first, the others lazily once the list is painted', async () => {
    const actions = { onEdit: vi.fn(), onPermissions: vi.fn(), onDelete: vi.fn() };
    renderWithProviders(
      <>
        <OwnItemCard item={makeOwnItem({ photos: [photo('p1')] })} {...actions} imagePriority />
        <OwnItemCard item={makeOwnItem({ photos: [photo('p2')] })} {...actions} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('item-card');
    const firstImage = within(first!).getByTestId('item-image');
    expect(firstImage.getAttribute('loading')).toBe('eager');
    expect(firstImage.getAttribute('fetchpriority')).toBe('high');
    // The grey picture area stands in until the first paint, then the picture loads lazily.
    expect(within(second!).queryByTestId('item-image')).toBeNull();
    const secondImage = await within(second!).findByTestId('item-image');
    expect(secondImage.getAttribute('loading')).toBe('lazy');
    expect(secondImage.getAttribute('fetchpriority')).toBe('auto');
  });

  it('falls back to the photo URL, and to the placeholder when that fails to load', async () => {
    const { card } = renderOwnCard(makeOwnItem({ imageUrl: 'https://example.org/drill.jpg' }));
    const image = await within(card).findByTestId('item-image');
    expect(image.getAttribute('src')).toBe('https://example.org/drill.jpg');
    // Hosted elsewhere: one size only.
    expect(image.getAttribute('srcset')).toBeNull();
    fireEvent.error(image);
    expect(within(card).queryByTestId('item-image')).toBeNull();
    expect(within(card).getByTestId('item-image-placeholder')).not.toBeNull();
  });

  it('counts pending, accepted and closed requests, leaving out the zeros', () => {
    const { card } = renderOwnCard(makeOwnItem({ requestCounts: { pending: 2, accepted: 0, other: 1 } }));
    const requests = within(card).getByRole('list', { name: 'Requests' });
    expect(
      within(requests)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['2 pending', '1 closed']);
  });

  it('shows no request badges without requests', () => {
    const { card } = renderOwnCard(makeOwnItem());
    expect(within(card).queryByTestId('item-requests')).toBeNull();
  });

  it('offers Edit, Who can see and Delete, each naming the item', async () => {
    const user = userEvent.setup();
    const item = makeOwnItem();
    const { card, actions } = renderOwnCard(item);
    await user.click(within(card).getByRole('button', { name: 'Edit Cordless drill' }));
    await user.click(within(card).getByRole('button', { name: 'Who can see Cordless drill' }));
    await user.click(within(card).getByRole('button', { name: 'Delete Cordless drill' }));
    expect(actions.onEdit).toHaveBeenCalledWith(item);
    expect(actions.onPermissions).toHaveBeenCalledWith(item);
    expect(actions.onDelete).toHaveBeenCalledWith(item);
    expect(within(card).queryByTestId('item-return')).toBeNull();
  });

  it('shows "Reserved until" while the personal-use date is ahead', () => {
    const until = inDays(5);
    const { card } = renderOwnCard(makeOwnItem({ personalUseUntil: until }));
    const [year, month, day] = until.split('-').map(Number);
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(year!, month! - 1, day));
    expect(within(card).getByTestId('item-reserved').textContent).toBe(`Reserved until ${expected}`);
  });

  it('does not show a reservation that has run out', () => {
    const { card } = renderOwnCard(makeOwnItem({ personalUseUntil: inDays(0) }));
    expect(within(card).queryByTestId('item-reserved')).toBeNull();
  });
});

describe('<SharedItemCard/>', () => {
  it("shows the owner's name", () => {
    const { card } = renderSharedCard(makeSharedItem());
    expect(within(card).getByTestId('item-owner').textContent).toBe('Greta Gardener');
  });

  it('shows no shared-via row when it reached the viewer as a contact only', () => {
    const { card } = renderSharedCard();
    expect(within(card).queryByTestId('item-shared-via')).toBeNull();
  });

  it('lists the first three groups it was shared via, then "+N"', () => {
    const groups = ['Garden', 'Book club', 'Neighbours', 'Climbing', 'Choir'].map((name, index) => ({
      id: `g${index}`,
      name,
    }));
    const { card } = renderSharedCard(makeSharedItem({ sharedViaGroups: groups }));
    const list = within(card).getByRole('list', { name: 'Shared via' });
    expect(
      within(list)
        .getAllByTestId('item-shared-via-group')
        .map((badge) => badge.textContent),
    ).toEqual(['Garden', 'Book club', 'Neighbours']);
    const more = within(list).getByTestId('item-shared-via-more');
    expect(within(more).getByText('+2').getAttribute('aria-hidden')).toBe('true');
    expect(within(more).getByText('and 2 more groups').className).toContain('sr-only');
    expect(more.getAttribute('title')).toBe('Climbing, Choir');
  });

  it('shows all groups when there are three or fewer', () => {
    const { card } = renderSharedCard(makeSharedItem({ sharedViaGroups: [{ id: 'g1', name: 'Garden' }] }));
    expect(within(card).getAllByTestId('item-shared-via-group')).toHaveLength(1);
    expect(within(card).queryByTestId('item-shared-via-more')).toBeNull();
  });

  it('shows the reservation to others too', () => {
    const { card } = renderSharedCard(makeSharedItem({ personalUseUntil: inDays(2) }));
    expect(within(card).getByTestId('item-reserved').textContent).toMatch(/^Reserved until /);
  });
});
