import { Package } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemPhoto } from '@/contract/schemas/item';
import { cardPicture } from '../card-picture';

interface ItemImageProps {
  photos: ItemPhoto[];
  imageUrl: string | null;
  /**
   * The first card of a list: its picture is usually the largest thing on the
   * screen when the page appears (Largest Contentful Paint), so it loads at
   * once and first instead of lazily.
   */
  priority?: boolean;
}

/**
 * False until the screen has been painted once with this component on it.
 * Two frames: a first animation-frame callback runs before the frame that
 * shows the list is painted, the second after it.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}

/**
 * The item's picture (spec §2 Item card), or a placeholder when there is none
 * or it fails to load, with '+N more' when more photos are stored. The name
 * beside it says what it shows, so the picture itself has an empty alt.
 */
export function ItemImage({ photos, imageUrl, priority = false }: ItemImageProps) {
  const { t } = useTranslation();
  // The card copy of the first photo (first-page-preload.ts asks for the same picture early).
  const picture = cardPicture(photos[0]?.url, imageUrl);
  // The address that failed; a new address (the item was edited) gets its own try.
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const showPlaceholder = picture === null || picture.src === failedSource;
  const morePhotos = photos.length - 1;
  // The other cards' pictures start downloading once the list is on screen:
  // on a slow connection they would otherwise share it with the first card's
  // picture, the largest paint, and hold it back. Until then the card shows
  // the same grey area the picture fills, so nothing moves.
  const painted = useAfterFirstPaint();
  const showImage = priority || painted;

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
        showImage && (
          <img
            src={picture.src}
            srcSet={picture.srcSet}
            sizes={picture.sizes}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            // The first picture is shown decoded with the list it belongs to.
            decoding={priority ? 'sync' : 'async'}
            referrerPolicy="no-referrer"
            onError={() => setFailedSource(picture.src)}
            className="h-full w-full object-cover"
            data-testid="item-image"
          />
        )
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
