import { Camera, ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { photoSizeUrl } from '@/contract/items';
import { LIMITS } from '@/contract/limits';
import type { ItemPhoto } from '@/contract/schemas/item';
import { Button, FOCUS_RING } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

interface ItemPhotosFieldProps {
  /** The item's photos in display order: saved ones first, then new uploads. */
  photos: readonly ItemPhoto[];
  /** Files still being resized or uploaded. */
  pending: number;
  onFiles: (files: File[]) => void;
  onRemove: (photoId: string) => void;
  /** Already translated error text. */
  error?: string;
}

/**
 * Spec §2 photos: add by camera or gallery, remove each. The add buttons open
 * hidden file inputs; they are disabled at the limit (with a hint) and while
 * uploads run.
 */
export function ItemPhotosField({ photos, pending, onFiles, onRemove, error }: ItemPhotosFieldProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = `${hintId}-error`;
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);
  const full = photos.length >= LIMITS.photosPerItemMax;
  const busy = pending > 0;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again is a change again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-slate-900">{t('items.photos.label')}</legend>
      {(photos.length > 0 || busy) && (
        <ul className="grid grid-cols-3 gap-2" data-testid="item-photos">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
              data-photo-id={photo.id}
            >
              {/* A thumbnail a third of the dialog wide: the card copy has pixels enough. */}
              <img
                src={photoSizeUrl(photo.url, 'card')}
                alt={t('items.photos.photoAlt', { number: index + 1 })}
                className="h-full w-full object-cover"
              />
              <button
                type="button"
                onClick={() => onRemove(photo.id)}
                aria-label={t('items.photos.remove', { number: index + 1 })}
                className={cn(
                  'absolute top-1 right-1 inline-flex h-10 w-10 items-center justify-center rounded-full bg-slate-900/75 text-white hover:bg-slate-900',
                  FOCUS_RING,
                )}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </li>
          ))}
          {Array.from({ length: pending }, (_, index) => (
            <li
              key={`pending-${index}`}
              className="flex aspect-square items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50"
              aria-hidden="true"
            >
              <LoaderCircle className="h-6 w-6 animate-spin text-brand-700" />
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {busy ? t('items.photos.uploading') : ''}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button
          variant="secondary"
          disabled={full || busy}
          onClick={() => cameraInput.current?.click()}
          data-testid="item-photo-take"
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {t('items.photos.takePhoto')}
        </Button>
        <Button
          variant="secondary"
          disabled={full || busy}
          onClick={() => galleryInput.current?.click()}
          data-testid="item-photo-choose"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {t('items.photos.chooseFromGallery')}
        </Button>
      </div>
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={full || busy}
        onChange={handleChange}
        data-testid="item-photo-camera-input"
      />
      <input
        ref={galleryInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={full || busy}
        onChange={handleChange}
        data-testid="item-photo-gallery-input"
      />
      <p id={hintId} className="text-sm text-slate-600" data-testid="item-photos-hint">
        {full
          ? t('items.photos.limitReached', { max: LIMITS.photosPerItemMax })
          : t('items.photos.hint', { max: LIMITS.photosPerItemMax })}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
