import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/contract/limits';
import type { User } from '@/contract/schemas/user';
import { createQueryClient } from '@/client/lib/query-client';
import { makeUser } from '@/client/testing/fixtures';
import { photoFile, stubImageDecoding } from '@/client/testing/image-stubs';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { AUTH_USER_URL } from '@/client/lib/auth/get-auth-user';
import { ProfilePhotoField } from './profile-photo-field';

const PHOTO_URL = '/api/users/user-1/photo?v=p1';

function renderField(user: User) {
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], user);
  return renderWithProviders(<ProfilePhotoField user={user} />, { queryClient });
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('profile-photo-input'), { target: { files: [file] } });
}

describe('<ProfilePhotoField/>', () => {
  it('opens the picker for any image type, so phones offer the camera too', () => {
    renderField(makeUser());
    expect(screen.getByTestId('profile-photo-input').getAttribute('accept')).toBe('image/*');
    expect(screen.getByRole('button', { name: 'Add photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  });

  it('resizes the photo, uploads it with PUT and stores the answer as the session user', async () => {
    stubImageDecoding({ width: 4000, height: 3000 });
    const saved = makeUser({ profileImageUrl: PHOTO_URL });
    // The server is outside this test's walls: it answers with the user and their new photo.
    const fetchMock = mockFetch({ '/api/users/profile/photo': { body: saved }, [AUTH_USER_URL]: { body: saved } });
    const { queryClient } = renderField(makeUser());
    choose(photoFile('camera.png', { type: 'image/png' }));

    expect((await screen.findByTestId('toast')).textContent).toContain('Profile photo updated');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/profile/photo');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBeInstanceOf(Blob);
    expect((init?.body as Blob).type).toBe('image/jpeg');
    expect(queryClient.getQueryData<User>([AUTH_USER_URL])?.profileImageUrl).toBe(PHOTO_URL);
  });

  it('refuses a file above 5 MB before anything is sent', async () => {
    const fetchMock = mockFetch({});
    renderField(makeUser());
    choose(photoFile('huge.jpg', { size: LIMITS.uploadEditMaxBytes + 1 }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('File too large')).toBeTruthy();
    expect(toast.textContent).toContain('Please select an image smaller than 5MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Upload failed' when the photo cannot be processed or the server refuses it", async () => {
    stubImageDecoding({ decodes: false });
    renderField(makeUser());
    choose(photoFile('broken.jpg'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to process image. Please try again.');

    stubImageDecoding();
    mockFetch({
      '/api/users/profile/photo': {
        status: 415,
        body: { error: { code: 'invalid_image_format', messageKey: 'errors.invalid_image_format', message: 'x' } },
      },
    });
    choose(photoFile('photo.jpg'));
    await screen.findByText('Invalid image format. Use a JPEG, PNG or WebP photo.');
    expect(screen.getByTestId('toast').textContent).toContain('Upload failed');
  });

  it('removes the photo with DELETE', async () => {
    const user = userEvent.setup();
    const without = makeUser();
    const fetchMock = mockFetch({ '/api/users/profile/photo': { body: without }, [AUTH_USER_URL]: { body: without } });
    const { queryClient } = renderField(makeUser({ profileImageUrl: PHOTO_URL }));
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));

    expect((await screen.findByTestId('toast')).textContent).toContain('Profile photo removed');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(queryClient.getQueryData<User>([AUTH_USER_URL])?.profileImageUrl).toBeNull();
  });
});
