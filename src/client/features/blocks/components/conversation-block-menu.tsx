import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, EllipsisVertical, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { PersonRef } from '../blocked-person-ref';
import { useIsBlocked } from '../use-is-blocked';
import { LazyBlockPersonDialog, LazyUnblockPersonDialog } from './block-dialogs';

const ITEM_LAYOUT_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none';

/** Red like the other actions that cut someone off (remove contact, remove member). */
const BLOCK_ITEM_CLASSES = cn(
  ITEM_LAYOUT_CLASSES,
  'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
);
const ITEM_CLASSES = cn(
  ITEM_LAYOUT_CLASSES,
  'text-slate-800 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
);

interface ConversationBlockMenuProps {
  person: PersonRef;
  /** After a block: leave the conversation, which the block hides. */
  onBlocked: () => void;
}

/**
 * The conversation header's overflow menu: "Block {name}" (or "Unblock
 * {name}" when already blocked), each behind its confirmation dialog.
 */
export function ConversationBlockMenu({ person, onBlocked }: ConversationBlockMenuProps) {
  const { t } = useTranslation();
  const blocked = useIsBlocked(person.userId);
  const [dialog, setDialog] = useState<'block' | 'unblock' | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      {/* Non-modal, as the other menus: the page stays visible to assistive technology while it is open. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('blocks.moreActions', { name: person.name })}
          className={buttonClasses('ghost', 'icon', 'ms-auto shrink-0')}
          data-testid="thread-actions"
        >
          <EllipsisVertical className="h-5 w-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 max-w-[calc(100vw-2rem)] min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {blocked ? (
            <DropdownMenu.Item
              className={ITEM_CLASSES}
              onSelect={() => setDialog('unblock')}
              data-testid="thread-unblock"
            >
              <ShieldCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('blocks.unblockNamed', { name: person.name })}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              className={BLOCK_ITEM_CLASSES}
              onSelect={() => setDialog('block')}
              data-testid="thread-block"
            >
              <Ban className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('blocks.blockNamed', { name: person.name })}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <LazyBlockPersonDialog open={dialog === 'block'} person={person} onClose={close} onBlocked={onBlocked} />
      <LazyUnblockPersonDialog open={dialog === 'unblock'} person={person} onClose={close} />
    </>
  );
}
