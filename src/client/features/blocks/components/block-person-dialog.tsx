import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogActions, DialogContent } from '@/client/components/ui/dialog';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useBlockPerson } from '../api/block-person';
import { refreshAfterBlockChange } from '../api/refresh-after-block-change';
import type { PersonRef } from '../blocked-person-ref';

/** What a block does (docs/decisions/0018), one point each, in the order people worry about it. */
const CONSEQUENCES = ['noContact', 'hidden', 'notTold', 'undo'] as const;

interface BlockPersonDialogProps {
  open: boolean;
  /** Whom to block. */
  person: PersonRef;
  onClose: () => void;
  /** After the block succeeded, before the lists refresh: e.g. leave the conversation the block hides. */
  onBlocked?: () => void;
}

/**
 * Confirms a block and says what it means first: no messages, requests or
 * loans either way, each other's items and the conversation hidden, the
 * other person not told, and where to undo it. Loaded when first opened
 * (lazyDialog), so screens that only offer it do not carry the dialog code.
 */
export function BlockPersonDialog({ open, person, onClose, onBlocked }: BlockPersonDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const block = useBlockPerson();
  const { name } = person;

  const confirm = async () => {
    const blocked = await runWithToasts(() => block.mutateAsync({ userId: person.userId }), i18n, {
      failure: t('blocks.block.failed', { name }),
      success: { title: t('blocks.block.success', { name }) },
    });
    if (!blocked) return;
    onClose();
    // Leave the screen first: a conversation still open would refetch a thread the block now hides.
    onBlocked?.();
    void refreshAfterBlockChange(queryClient);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !block.isPending) onClose();
      }}
    >
      <DialogContent
        role="alertdialog"
        title={t('blocks.block.title', { name })}
        description={t('blocks.block.intro')}
        closeLabel={t('common.close')}
        data-testid="block-person-dialog"
      >
        <ul className="mb-5 list-disc space-y-1.5 ps-5 text-sm text-slate-700">
          {CONSEQUENCES.map((key) => (
            <li key={key}>{t(`blocks.block.consequences.${key}`, { name })}</li>
          ))}
        </ul>
        <DialogActions>
          <Button variant="secondary" disabled={block.isPending} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={block.isPending}
            onClick={() => void confirm()}
            data-testid="block-person-confirm"
          >
            {t('blocks.block.confirm')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
