import { ArrowLeft, Camera, ImagePlus, ScanBarcode, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { BusyMessage, ProgressStep } from './photo-steps';
import { DialogActions } from '@/client/components/ui/dialog';

/** Where the barcode step is: waiting for a picture, reading it, what it found, creating the item. */
export type BarcodeScan =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'notFound' }
  | { status: 'readerFailed' }
  | { status: 'found'; code: string }
  | { status: 'creating'; code: string; startedAt: number };

interface BarcodeStepProps {
  scan: BarcodeScan;
  onTakePhoto: () => void;
  onUploadPhoto: () => void;
  onCreate: (code: string) => void;
  onAbort: () => void;
  onBack: () => void;
}

/**
 * "Scan a barcode": a photo of the barcode (camera or gallery) is read in the
 * browser; the number found is shown before the item is created, so a
 * misread is seen. No live video scanning: a still photo works on every
 * phone and needs no camera permission beyond the system's photo picker.
 */
export function BarcodeStep({ scan, onTakePhoto, onUploadPhoto, onCreate, onAbort, onBack }: BarcodeStepProps) {
  const { t } = useTranslation();
  if (scan.status === 'reading') {
    return <BusyMessage message={t('itemCreation.barcode.reading')} data-testid="item-creation-barcode-reading" />;
  }
  if (scan.status === 'creating') {
    return <ProgressStep message={t('itemCreation.progress.creating')} startedAt={scan.startedAt} onCancel={onAbort} />;
  }
  if (scan.status === 'found') {
    return (
      <div className="space-y-4" data-testid="item-creation-barcode-found">
        <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <ScanBarcode className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0">
            <p role="status" className="font-medium text-slate-900">
              {t('itemCreation.barcode.found')}
            </p>
            <p className="font-mono text-slate-700 tabular-nums break-all" data-testid="item-creation-barcode-code">
              {t('itemCreation.barcode.number', { code: scan.code })}
            </p>
          </div>
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={onUploadPhoto} data-testid="item-creation-barcode-again">
            {t('itemCreation.barcode.scanAgain')}
          </Button>
          <Button onClick={() => onCreate(scan.code)} data-testid="item-creation-barcode-create">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {t('itemCreation.preview.create')}
          </Button>
        </DialogActions>
      </div>
    );
  }
  const problem =
    scan.status === 'notFound'
      ? t('itemCreation.barcode.notFound')
      : scan.status === 'readerFailed'
        ? t('itemCreation.barcode.readerFailed')
        : null;
  return (
    <div className="space-y-3">
      {problem && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="item-creation-barcode-problem"
        >
          {problem}
        </p>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button onClick={onTakePhoto} data-testid="item-creation-barcode-take">
          <Camera className="h-4 w-4" aria-hidden="true" />
          {t('itemCreation.barcode.takePhoto')}
        </Button>
        <Button variant="secondary" onClick={onUploadPhoto} data-testid="item-creation-barcode-upload">
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {t('itemCreation.barcode.uploadPhoto')}
        </Button>
      </div>
      <Button variant="ghost" onClick={onBack} data-testid="item-creation-back">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('itemCreation.back')}
      </Button>
    </div>
  );
}
