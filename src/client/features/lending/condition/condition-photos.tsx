import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { ItemPhoto } from '@/contract/schemas/item';
import { Button } from '@/client/components/ui/button';
import { uploadResizedPhoto, type PhotoUploadTexts } from '@/client/lib/upload-resized-photo';
import { uploadConditionPhoto } from '../api/loan-condition';

const CONDITION_PHOTO_TEXTS: PhotoUploadTexts = {
  tooLargeTitle: 'condition.photos.tooLargeTitle',
  tooLargeDescription: 'condition.photos.tooLargeDescription',
  uploadFailed: 'condition.photos.uploadFailed',
  processingFailed: 'condition.photos.processingFailed',
};

/** A row of a record's photos, each opening full size in a new tab; they wrap, never wider than the screen. */
export function ConditionPhotos({ photos, label }: { photos: { id: string; url: string }[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={`${photo.url}?size=card`}
              alt={`${label} ${index + 1}`}
              className="h-20 w-20 rounded-md border border-slate-200 object-cover"
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Up to 4 photos for a condition entry or problem report: each chosen file is
 * resized and uploaded at once (the photo pipeline re-encodes it and strips
 * its metadata); the camera opens on phones. Removing one here only drops it
 * from the form; saving the form decides.
 */
export function ConditionPhotosField({
  photos,
  onChange,
}: {
  photos: ItemPhoto[];
  onChange: (photos: ItemPhoto[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [pending, setPending] = useState(0);
  const room = LIMITS.photosPerLoanReportMax - photos.length - pending;

  async function addFiles(files: File[]) {
    const accepted = files.slice(0, Math.max(0, room));
    setPending((count) => count + accepted.length);
    let next = photos;
    for (const file of accepted) {
      try {
        const photo = await uploadResizedPhoto(file, uploadConditionPhoto, CONDITION_PHOTO_TEXTS, t, i18n);
        if (photo) {
          next = [...next, photo];
          onChange(next);
        }
      } finally {
        setPending((count) => count - 1);
      }
    }
  }

  return (
    <div className="space-y-2" data-testid="condition-photos-field">
      <p className="text-sm font-medium text-slate-900">
        {t('condition.photos.label', { max: LIMITS.photosPerLoanReportMax })}
      </p>
      <ul className="flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative">
            <img
              src={`${photo.url}?size=card`}
              alt={t('condition.photos.photoNumber', { number: index + 1 })}
              className="h-20 w-20 rounded-md border border-slate-200 object-cover"
            />
            <Button
              variant="secondary"
              size="iconSm"
              className="absolute -top-2 -right-2"
              onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
              aria-label={t('condition.photos.remove', { number: index + 1 })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
        {pending > 0 && (
          <li className="flex h-20 w-20 items-center justify-center rounded-md border border-dashed border-slate-300">
            <LoaderCircle className="h-5 w-5 animate-spin text-slate-500" aria-hidden="true" />
            <span className="sr-only" role="status">
              {t('condition.photos.uploading')}
            </span>
          </li>
        )}
      </ul>
      {room > 0 && (
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {t('condition.photos.add')}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            multiple
            className="sr-only"
            data-testid="condition-photo-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void addFiles(files);
            }}
          />
        </label>
      )}
    </div>
  );
}
