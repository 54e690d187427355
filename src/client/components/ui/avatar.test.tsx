import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubImageLoading } from '../../testing/stub-image-loading';
import { Avatar } from './avatar';

describe('<Avatar/>', () => {
  it('shows the initials when there is no photo, hidden from assistive technology', () => {
    render(<Avatar name="Annabel Lee" username="annabel" photoUrl={null} />);
    const avatar = screen.getByTestId('avatar');
    expect(avatar.textContent).toBe('AL');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('avatar-photo')).toBeNull();
  });

  it('shows the photo once it has loaded, the initials until then', () => {
    const images = stubImageLoading();
    render(<Avatar name="Annabel Lee" photoUrl="/api/users/u1/photo?v=p1" alt="Your profile photo" />);
    expect(screen.getByTestId('avatar').textContent).toBe('AL');
    expect(images[0]?.src).toBe('/api/users/u1/photo?v=p1');

    act(() => images[0]?.load());
    const photo = screen.getByTestId('avatar-photo');
    expect(photo.getAttribute('src')).toBe('/api/users/u1/photo?v=p1');
    expect(photo.getAttribute('alt')).toBe('Your profile photo');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
    // With a text alternative it is a picture, not decoration.
    expect(screen.getByTestId('avatar').getAttribute('aria-hidden')).toBeNull();
  });

  it('keeps the initials when the photo fails to load', () => {
    const images = stubImageLoading();
    render(<Avatar name="Madonna" photoUrl="/api/users/u1/photo?v=gone" />);
    act(() => images[0]?.fail());
    expect(screen.queryByTestId('avatar-photo')).toBeNull();
    expect(screen.getByTestId('avatar').textContent).toBe('MA');
  });
});
