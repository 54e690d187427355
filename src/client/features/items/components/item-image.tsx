import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemPhoto } from '../../../../contract/schemas/item';

interface ItemImageProps {
  photos: ItemPhoto[];
  imageUrl: string | null;
}

/** What the card shows: the first stored photo, else the photo URL, else nothing (the placeholder). */
export function itemImageSource({ photos, imageUrl }: ItemImageProps): string | null {
  return photos[0]?.url ?? imageUrl ?? null;
}

/**
 * The item's picture (spec §2 Item card), or a placeholder when there is none
 * or it fails to load, with '+N more' when more photos are stored. The name
 * beside it says what it shows, so the picture itself has an empty alt.
 */
export function ItemImage({ photos, imageUrl }: ItemImageProps) {
  const { t } = useTranslation();
  const source = itemImageSource({ photos, imageUrl });
  // The address that failed; a new address (the item was edited) gets its own try.
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const showPlaceholder = source === null || source === failedSource;
  const morePhotos = photos.length - 1;

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden bg-slate-100">
      {showPlaceholder ? (
        <div
          className="flex h-full w-full items-center justify-center text-slate-400"
          data-testid="item-image-placeholder"
        >
          <Package className="h-12 w-12" aria-hidden="true" />
        </div>
      ) : (
        <img
          src={source}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSource(source)}
          className="h-full w-full object-cover"
          data-testid="item-image"
        />
      )}
      {morePhotos > 0 && (
        <span
          className="absolute right-2 bottom-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white"
          data-testid="item-more-photos"
        >
          {t('items.card.morePhotos', { count: morePhotos })}
        </span>
      )}
    </div>
  );
}
