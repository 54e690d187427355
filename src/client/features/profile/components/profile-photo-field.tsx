import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { failureDescription } from '@/client/lib/error-message';
import { uploadResizedPhoto, type PhotoUploadTexts } from '@/client/lib/upload-resized-photo';
import { useDeleteProfilePhoto } from '../api/delete-profile-photo';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';

const PROFILE_PHOTO_TEXTS: PhotoUploadTexts = {
  tooLargeTitle: 'profile.photo.tooLargeTitle',
  tooLargeDescription: 'profile.photo.tooLargeDescription',
  uploadFailed: 'profile.photo.uploadFailed',
  processingFailed: 'profile.photo.processingFailed',
};

type Busy = 'uploading' | 'removing' | null;

/**
 * The optional profile photo (spec §2 Profile): the current avatar, a button
 * that opens the phone's camera-or-gallery picker (`accept="image/*"`), and
 * Remove. A photo is checked against the 5 MB limit, resized like item
 * photos and uploaded at once, outside the form's Save (spec §5 and §8
 * toasts on failure).
 */
export function ProfilePhotoField({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const [busy, setBusy] = useState<Busy>(null);
  const hasPhoto = user.profileImageUrl !== null;

  async function uploadFile(file: File): Promise<void> {
    setBusy('uploading');
    try {
      const uploaded = await uploadResizedPhoto(
        file,
        (image) => upload.mutateAsync(image),
        PROFILE_PHOTO_TEXTS,
        t,
        i18n,
      );
      if (uploaded) toast({ title: t('profile.photo.uploaded') });
    } finally {
      setBusy(null);
    }
  }

  async function removePhoto(): Promise<void> {
    setBusy('removing');
    try {
      await remove.mutateAsync();
      toast({ title: t('profile.photo.removed') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('profile.photo.removeFailed'),
        description: failureDescription(error, i18n),
      });
    } finally {
      setBusy(null);
    }
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change again.
    event.target.value = '';
    if (file) void uploadFile(file);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left"
      data-testid="profile-photo"
    >
      <div className="relative">
        <Avatar
          name={user.name}
          username={user.username}
          photoUrl={user.profileImageUrl}
          alt={hasPhoto ? t('profile.photo.alt') : undefined}
          size="xl"
        />
        {busy && (
          <span
            className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70"
            aria-hidden="true"
          >
            <LoaderCircle className="h-8 w-8 animate-spin text-brand-700" />
          </span>
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <p id={labelId} className="text-sm font-medium text-slate-900">
          {t('profile.photo.label')}
        </p>
        <p id={hintId} className="text-sm text-slate-600">
          {t('profile.photo.hint')}
        </p>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => input.current?.click()}
            data-testid="profile-photo-choose"
          >
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            {hasPhoto ? t('profile.photo.change') : t('profile.photo.add')}
          </Button>
          {hasPhoto && (
            <Button
              variant="ghostDestructive"
              size="sm"
              disabled={busy !== null}
              onClick={() => void removePhoto()}
              data-testid="profile-photo-remove"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('profile.photo.remove')}
            </Button>
          )}
        </div>
        <p role="status" className="sr-only">
          {busy === 'uploading' ? t('profile.photo.uploading') : busy === 'removing' ? t('profile.photo.removing') : ''}
        </p>
      </div>
      {/* The button opens it; image/* lets a phone offer the camera as well as the gallery. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={handleChange}
        data-testid="profile-photo-input"
      />
    </div>
  );
}
