import { Camera, ImagePlus, LoaderCircle, RotateCcw, ScanBarcode, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, FOCUS_RING } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { useElapsedSeconds } from '../use-elapsed-seconds';
import { DialogActions } from '@/client/components/ui/dialog';

interface ChoiceTileProps {
  icon: LucideIcon;
  label: string;
  hint: string;
  onClick: () => void;
  'data-testid': string;
}

/** A large, full-width choice: easy to hit with a thumb, with a line saying what it does. */
function ChoiceTile({ icon: Icon, label, hint, onClick, 'data-testid': testId }: ChoiceTileProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'flex w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 text-left transition-colors hover:border-brand-300 hover:bg-brand-50',
        FOCUS_RING,
      )}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </button>
  );
}

interface ChooseStepProps {
  onTakePhoto: () => void;
  onUploadPhoto: () => void;
  onScanBarcode: () => void;
}

/** Spec §2: take a photo (camera) or upload one; issue 16 adds the barcode. */
export function ChooseStep({ onTakePhoto, onUploadPhoto, onScanBarcode }: ChooseStepProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('itemCreation.choose.label')} className="space-y-3">
      <ChoiceTile
        icon={Camera}
        label={t('itemCreation.choose.takePhoto')}
        hint={t('itemCreation.choose.takePhotoHint')}
        onClick={onTakePhoto}
        data-testid="item-creation-take-photo"
      />
      <ChoiceTile
        icon={ImagePlus}
        label={t('itemCreation.choose.uploadPhoto')}
        hint={t('itemCreation.choose.uploadPhotoHint')}
        onClick={onUploadPhoto}
        data-testid="item-creation-upload-photo"
      />
      <ChoiceTile
        icon={ScanBarcode}
        label={t('itemCreation.choose.scanBarcode')}
        hint={t('itemCreation.choose.scanBarcodeHint')}
        onClick={onScanBarcode}
        data-testid="item-creation-scan-barcode"
      />
    </div>
  );
}

/** A short wait with a spinner and a live message (preparing the photo, reading a barcode). */
export function BusyMessage({ message, 'data-testid': testId }: { message: string; 'data-testid'?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-slate-700" data-testid={testId}>
      <LoaderCircle className="h-6 w-6 shrink-0 animate-spin text-brand-700" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

interface PreviewStepProps {
  /** The display copy (a data URL): what will be kept with the item. */
  imageUrl: string;
  onRetake: () => void;
  onCreate: () => void;
  onCancel: () => void;
}

/** Spec §2: the photo with Retake, Create item and Cancel. Create comes first on a phone, within thumb reach. */
export function PreviewStep({ imageUrl, onRetake, onCreate, onCancel }: PreviewStepProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid="item-creation-preview">
      <PhotoFrame imageUrl={imageUrl} />
      <DialogActions>
        <Button variant="ghost" onClick={onCancel} data-testid="item-creation-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="secondary" onClick={onRetake} data-testid="item-creation-retake">
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {t('itemCreation.preview.retake')}
        </Button>
        <Button onClick={onCreate} data-testid="item-creation-create">
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {t('itemCreation.preview.create')}
        </Button>
      </DialogActions>
    </div>
  );
}

/** The chosen photo, whole (contain), in a box that keeps the dialog's height steady. */
export function PhotoFrame({ imageUrl, dimmed = false }: { imageUrl: string; dimmed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-64 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-72">
      <img
        src={imageUrl}
        alt={t('itemCreation.preview.alt')}
        className={cn('max-h-full max-w-full object-contain', dimmed && 'opacity-60')}
        data-testid="item-creation-photo"
      />
    </div>
  );
}

interface ProgressStepProps {
  message: string;
  /** Date.now() when the request was sent. */
  startedAt: number;
  onCancel: () => void;
  /** The photo being analysed; none for a barcode. */
  imageUrl?: string;
}

/**
 * Spec §2's progress message while analysing, with the seconds since the
 * start (a slow local model reads as working, not stuck) and a Cancel that
 * aborts the request. The live region announces the message once; the
 * counter is outside it, so a screen reader is not told every second.
 */
export function ProgressStep({ message, startedAt, onCancel, imageUrl }: ProgressStepProps) {
  const { t } = useTranslation();
  const seconds = useElapsedSeconds(startedAt);
  return (
    <div className="space-y-4" data-testid="item-creation-progress">
      {imageUrl && <PhotoFrame imageUrl={imageUrl} dimmed />}
      <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4">
        <LoaderCircle className="mt-0.5 h-5 w-5 shrink-0 animate-spin text-brand-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-medium text-slate-900">
            <span role="status">{message}</span>
            <span className="text-sm text-slate-600 tabular-nums" data-testid="item-creation-elapsed">
              {t('itemCreation.progress.elapsed', { seconds })}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-700">{t('itemCreation.progress.hint')}</p>
        </div>
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onCancel} data-testid="item-creation-abort">
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
