import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import type { CreatedFromBarcode, CreatedFromPhoto } from '@/contract/schemas/item-creation';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast-store';
import { toSupportedLanguage } from '@/client/i18n/languages';
import { useAnalyzeAndCreate } from '../api/analyze-and-create';
import { useCreateFromBarcode } from '../api/create-from-barcode';
import { decodeBarcode as decodeWithZxing, type BarcodeDecoder } from '../barcode-decoder';
import { creationFailureText, isAbort } from '../creation-failure';
import { AI_UPLOAD_MAX_MB, isTooLargeForAnalysis, makePhotoCopies, type PhotoCopies } from '../photo-copies';
import { BarcodeStep, type BarcodeScan } from './barcode-step';
import { BusyMessage, ChooseStep, PreviewStep, ProgressStep } from './photo-steps';

/** What the page needs to open the new item's edit dialog. */
export interface CreatedItem {
  item: OwnItem;
  /** Said above the edit form: what was filled in, or what is left to fill in. */
  notice: string;
  /** The analysis' unsure guess, for the edit form to offer (docs/decisions/0043). */
  suggestion: CreatedFromPhoto['analysis']['suggestion'];
}

export interface ItemCreationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedItem) => void;
  /** Reads a barcode from a picture; the zxing-wasm reader unless a test passes its own. */
  decodeBarcode?: BarcodeDecoder;
}

/**
 * Spec §2 "AI item creation dialog" and §4 "AI creation", with issue 16's
 * barcode scanning. Mounted per opening, so every opening starts at the
 * choice; closing mid-request aborts it.
 */
export function ItemCreationDialog({ open, onOpenChange, onCreated, decodeBarcode }: ItemCreationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <ItemCreationContent
          onClose={() => onOpenChange(false)}
          onCreated={onCreated}
          decodeBarcode={decodeBarcode ?? decodeWithZxing}
        />
      )}
    </Dialog>
  );
}

type PhotoSource = 'camera' | 'gallery';

type Step =
  | { name: 'choose' }
  | { name: 'preparing' }
  | { name: 'preview'; copies: PhotoCopies; source: PhotoSource }
  | { name: 'analysing'; copies: PhotoCopies; source: PhotoSource; startedAt: number }
  | { name: 'barcode'; scan: BarcodeScan };

interface ContentProps {
  onClose: () => void;
  onCreated: (created: CreatedItem) => void;
  decodeBarcode: BarcodeDecoder;
}

function barcodeNotice(answer: CreatedFromBarcode): string {
  if (answer.kind === 'product') return 'itemCreation.notice.product';
  return answer.found ? 'itemCreation.notice.bookFound' : 'itemCreation.notice.isbnOnly';
}

function ItemCreationContent({ onClose, onCreated, decodeBarcode }: ContentProps) {
  const { t, i18n } = useTranslation();
  const analyzeAndCreate = useAnalyzeAndCreate();
  const createFromBarcode = useCreateFromBarcode();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);
  const request = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  // After a creation the edit dialog takes the focus; the closing dialog must not hand it back to its opener.
  const created = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      request.current?.abort();
    };
  }, []);

  const language = toSupportedLanguage(i18n.resolvedLanguage) ?? toSupportedLanguage(i18n.language) ?? 'en';
  const scanning = step.name === 'barcode';

  const pick = (source: PhotoSource) => (source === 'camera' ? cameraInput : galleryInput).current?.click();

  const finish = (
    item: OwnItem,
    notice: string,
    suggestion: CreatedItem['suggestion'] = null,
    alreadyListed: CreatedFromBarcode['alreadyListed'] = null,
  ) => {
    created.current = true;
    toast({ title: t('items.toasts.created') });
    // Said first: a second copy of something already listed is most likely not wanted (issue 33).
    const told = alreadyListed ? `${t('itemCreation.notice.alreadyListed', { name: alreadyListed.name })} ` : '';
    onCreated({ item, notice: `${told}${t(notice)}`, suggestion });
    onClose();
  };

  async function takePhoto(file: File, source: PhotoSource) {
    if (isTooLargeForAnalysis(file)) {
      toast({
        variant: 'destructive',
        title: t('itemCreation.tooLargeTitle'),
        description: t('itemCreation.tooLargeDescription', { maxMb: AI_UPLOAD_MAX_MB }),
      });
      return;
    }
    const previous = step;
    setStep({ name: 'preparing' });
    try {
      const copies = await makePhotoCopies(file);
      if (mounted.current) setStep({ name: 'preview', copies, source });
    } catch {
      if (!mounted.current) return;
      setStep(previous);
      toast({
        variant: 'destructive',
        title: t('itemCreation.processingFailedTitle'),
        description: t('itemCreation.processingFailed'),
      });
    }
  }

  async function readBarcode(file: File) {
    if (isTooLargeForAnalysis(file)) {
      toast({
        variant: 'destructive',
        title: t('itemCreation.tooLargeTitle'),
        description: t('itemCreation.tooLargeDescription', { maxMb: AI_UPLOAD_MAX_MB }),
      });
      return;
    }
    setStep({ name: 'barcode', scan: { status: 'reading' } });
    let scan: BarcodeScan;
    try {
      const code = await decodeBarcode(file);
      scan = code === null ? { status: 'notFound' } : { status: 'found', code };
    } catch (error) {
      // The reader's code or WebAssembly did not load (offline, blocked); the photo itself is not at fault.
      console.warn('Barcode reader failed', error);
      scan = { status: 'readerFailed' };
    }
    if (mounted.current) setStep({ name: 'barcode', scan });
  }

  const handleFile = (event: ChangeEvent<HTMLInputElement>, source: PhotoSource) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change again.
    event.target.value = '';
    if (!file) return;
    if (scanning) void readBarcode(file);
    else void takePhoto(file, source);
  };

  async function createFromPhoto(copies: PhotoCopies, source: PhotoSource) {
    const controller = new AbortController();
    request.current = controller;
    setStep({ name: 'analysing', copies, source, startedAt: Date.now() });
    try {
      const answer = await analyzeAndCreate.mutateAsync({
        body: { aiImage: copies.aiImage, displayImage: copies.displayImage, language },
        signal: controller.signal,
      });
      if (!mounted.current) return;
      finish(
        answer.item,
        answer.analysis.recognized
          ? 'itemCreation.notice.recognized'
          : answer.analysis.suggestion
            ? 'itemCreation.notice.unsure'
            : 'itemCreation.notice.unrecognized',
        answer.analysis.suggestion,
      );
    } catch (error) {
      if (!mounted.current) return;
      // Spec §4: on failure the dialog stays on the preview; a cancel needs no toast.
      setStep({ name: 'preview', copies, source });
      if (isAbort(error, controller.signal)) return;
      toast({
        variant: 'destructive',
        title: t('itemCreation.failedTitle'),
        description: creationFailureText(error, i18n, t('itemCreation.failedFromImage')),
      });
    } finally {
      if (request.current === controller) request.current = null;
    }
  }

  async function createFromCode(code: string) {
    const controller = new AbortController();
    request.current = controller;
    setStep({ name: 'barcode', scan: { status: 'creating', code, startedAt: Date.now() } });
    try {
      const answer = await createFromBarcode.mutateAsync({ body: { code, language }, signal: controller.signal });
      if (!mounted.current) return;
      finish(answer.item, barcodeNotice(answer), null, answer.alreadyListed);
    } catch (error) {
      if (!mounted.current) return;
      setStep({ name: 'barcode', scan: { status: 'found', code } });
      if (isAbort(error, controller.signal)) return;
      toast({
        variant: 'destructive',
        title: t('itemCreation.failedTitle'),
        description: creationFailureText(error, i18n, t('itemCreation.failedFromBarcode')),
      });
    } finally {
      if (request.current === controller) request.current = null;
    }
  }

  const abort = () => request.current?.abort();

  return (
    <DialogContent
      title={scanning ? t('itemCreation.barcode.title') : t('itemCreation.title')}
      description={scanning ? t('itemCreation.barcode.description') : t('itemCreation.description')}
      closeLabel={t('common.close')}
      onCloseAutoFocus={(event) => {
        if (created.current) event.preventDefault();
      }}
      data-testid="item-creation-dialog"
    >
      {step.name === 'choose' && (
        <ChooseStep
          onTakePhoto={() => pick('camera')}
          onUploadPhoto={() => pick('gallery')}
          onScanBarcode={() => setStep({ name: 'barcode', scan: { status: 'idle' } })}
        />
      )}
      {step.name === 'preparing' && (
        <BusyMessage message={t('itemCreation.preparing')} data-testid="item-creation-preparing" />
      )}
      {step.name === 'preview' && (
        <PreviewStep
          imageUrl={step.copies.displayImage}
          onRetake={() => pick(step.source)}
          onCreate={() => void createFromPhoto(step.copies, step.source)}
          onCancel={onClose}
        />
      )}
      {step.name === 'analysing' && (
        <ProgressStep
          message={t('itemCreation.progress.analysing')}
          startedAt={step.startedAt}
          onCancel={abort}
          imageUrl={step.copies.displayImage}
        />
      )}
      {step.name === 'barcode' && (
        <BarcodeStep
          scan={step.scan}
          onTakePhoto={() => pick('camera')}
          onUploadPhoto={() => pick('gallery')}
          onCreate={(code) => void createFromCode(code)}
          onAbort={abort}
          onBack={() => setStep({ name: 'choose' })}
        />
      )}
      {/* Spec §2 "take photo (camera)": capture opens the back camera on a phone; elsewhere a file chooser. */}
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => handleFile(event, 'camera')}
        data-testid="item-creation-camera-input"
      />
      <input
        ref={galleryInput}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => handleFile(event, 'gallery')}
        data-testid="item-creation-gallery-input"
      />
    </DialogContent>
  );
}
