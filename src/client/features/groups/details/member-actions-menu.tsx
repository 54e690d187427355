import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Crown, EllipsisVertical, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '@/contract/schemas/group';
import { buttonClasses } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

const ITEM_LAYOUT_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none';

const ITEM_CLASSES = cn(
  ITEM_LAYOUT_CLASSES,
  'text-slate-800 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
);

/**
 * Red text, as the other remove actions (contact card, item card). The
 * colours are chosen instead of the slate ones, not added to them: with both,
 * the stylesheet's order decides, and text-slate-800 came later and won.
 */
const DESTRUCTIVE_ITEM_CLASSES = cn(
  ITEM_LAYOUT_CLASSES,
  'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
);

export interface MemberActions {
  onTransfer: (member: GroupMember) => void;
  onRemove: (member: GroupMember) => void;
}

/** The admin's menu on another member (spec §2): Transfer Admin, Remove Member. */
export function MemberActionsMenu({ member, onTransfer, onRemove }: MemberActions & { member: GroupMember }) {
  const { t } = useTranslation();
  return (
    // Non-modal, as the user menu: the page is not hidden from assistive technology while it is open.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('groups.details.members.actions', { name: member.user.name })}
        className={buttonClasses('ghost', 'iconSm', 'shrink-0')}
        data-testid="member-actions"
      >
        <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-40 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Item className={ITEM_CLASSES} onSelect={() => onTransfer(member)} data-testid="transfer-admin">
          <Crown className="h-4 w-4" aria-hidden="true" />
          {t('groups.details.members.transfer')}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={DESTRUCTIVE_ITEM_CLASSES}
          onSelect={() => onRemove(member)}
          data-testid="remove-member"
        >
          <UserMinus className="h-4 w-4" aria-hidden="true" />
          {t('groups.details.members.remove')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
