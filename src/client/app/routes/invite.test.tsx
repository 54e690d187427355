import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFERRAL_STORAGE_KEY } from '../../features/referral/referral-storage';
import { renderWithProviders } from '../../testing/render-with-providers';
import { InvitePage } from './invite';

describe('<InvitePage/>', () => {
  it('stores ref in session storage and redirects to /?ref=… (URL-encoded)', async () => {
    const ref = 'eyJ1IjoiYWJjIn0=&x y';
    const view = renderWithProviders(<InvitePage />, { path: `/invite?ref=${encodeURIComponent(ref)}` });
    await waitFor(() => {
      expect(view.history.at(-1)).toBe(`/?ref=${encodeURIComponent(ref)}`);
    });
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe(ref);
  });

  it('redirects to / without a ref and stores nothing', async () => {
    const view = renderWithProviders(<InvitePage />, { path: '/invite' });
    await waitFor(() => {
      expect(view.history.at(-1)).toBe('/');
    });
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });
});
