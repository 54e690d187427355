import { CalendarClock, Clock, Pencil, Tag, Trash2, User, Users, type LucideIcon } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemStatus } from '@/contract/enums';
import { isReservedForPersonalUse } from '@/contract/items';
import { LIMITS } from '@/contract/limits';
import type { OwnItem, SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { localIsoDate, parseIsoDate } from '@/client/lib/local-date';
import { CATEGORY_LABEL_KEYS, STATUS_CLASSES, STATUS_LABEL_KEYS } from '@/client/lib/item-labels';
import type { ItemCardLending } from './item-card-lending';
import { ItemImage } from './item-image';

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_CLASSES[status])}
      data-testid="item-status"
    >
      {t(STATUS_LABEL_KEYS[status])}
    </span>
  );
}

interface CardFactProps {
  icon: LucideIcon;
  /** What the value is, for screen readers; the icon stands for it on screen. */
  term: string;
  'data-testid': string;
  children: ReactNode;
}

function CardFact({ icon: Icon, term, 'data-testid': testId, children }: CardFactProps) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <dt>
        <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="truncate" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type ItemCardItem = OwnItem | SharedItem;

interface ItemCardFrameProps {
  item: ItemCardItem;
  /** Shared-via groups or request badges, between the facts and the actions. */
  extra?: ReactNode;
  /** The list's first card: its picture loads at once (see ItemImage). */
  imagePriority?: boolean;
  actions: ReactNode;
  /**
   * A menu button beside the status (the owner's loan menu): at the top, so
   * the row of actions below keeps fitting a card's width in every language.
   */
  menu?: ReactNode;
}

/**
 * What every viewer sees (spec §2 Item card): picture, name, status,
 * description, category, owner, when it was added (today, yesterday, N days
 * ago) and a personal-use reservation.
 */
function ItemCardFrame({ item, extra, actions, menu, imagePriority }: ItemCardFrameProps) {
  const { t } = useTranslation();
  const { formatDate, formatDaysAgo } = useDateFormatters();
  const reserved = isReservedForPersonalUse(item.personalUseUntil, localIsoDate());

  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="item-card"
      data-item-id={item.id}
    >
      <ItemImage photos={item.photos} imageUrl={item.imageUrl} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">{item.name}</h2>
          <ItemStatusBadge status={item.status} />
          {menu && <div className="-my-2 -mr-2 shrink-0">{menu}</div>}
        </div>
        {item.description && (
          <p className="line-clamp-2 text-sm break-words text-slate-700" data-testid="item-description">
            {item.description}
          </p>
        )}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <CardFact icon={Tag} term={t('items.card.category')} data-testid="item-category">
            {t(CATEGORY_LABEL_KEYS[item.category])}
          </CardFact>
          <CardFact icon={User} term={t('items.card.owner')} data-testid="item-owner">
            {item.owner.name}
          </CardFact>
          <CardFact icon={Clock} term={t('items.card.addedTerm')} data-testid="item-added">
            <time dateTime={item.createdAt}>{t('items.card.added', { when: formatDaysAgo(item.createdAt) })}</time>
          </CardFact>
        </dl>
        {reserved && item.personalUseUntil && (
          <p
            className="flex items-center gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm text-amber-900"
            data-testid="item-reserved"
          >
            <CalendarClock className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('items.card.reservedUntil', { date: formatDate(parseIsoDate(item.personalUseUntil)) })}
          </p>
        )}
        {extra}
        <div className="mt-auto pt-1">{actions}</div>
      </div>
    </article>
  );
}

/**
 * Spec §2: the requests of an own item, as pending, accepted (also while lent
 * out) and closed (declined, returned, withdrawn); only the counts that are not zero.
 */
function RequestBadges({ counts }: { counts: OwnItem['requestCounts'] }) {
  const { t } = useTranslation();
  const labelId = useId();
  const badges = [
    {
      key: 'pending',
      count: counts.pending,
      text: t('items.card.requests.pending', { count: counts.pending }),
      className: 'bg-amber-100 text-amber-900',
    },
    {
      key: 'accepted',
      count: counts.accepted,
      text: t('items.card.requests.accepted', { count: counts.accepted }),
      className: 'bg-emerald-100 text-emerald-900',
    },
    {
      key: 'other',
      count: counts.other,
      text: t('items.card.requests.closed', { count: counts.other }),
      className: 'bg-slate-100 text-slate-800',
    },
  ].filter((badge) => badge.count > 0);
  if (badges.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="item-requests">
      <span id={labelId} className="font-medium text-slate-600">
        {t('items.card.requests.label')}
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        {badges.map((badge) => (
          <li
            key={badge.key}
            className={cn('rounded-full px-2.5 py-0.5 font-semibold', badge.className)}
            data-testid={`item-requests-${badge.key}`}
          >
            {badge.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface OwnItemCardProps {
  item: OwnItem;
  /** The request the item is promised (accepted) or lent out (borrowed) under, when known. */
  activeRequest?: LendingRequest;
  /** Hand over and Return Item; a card without them shows the owner's own actions only. */
  lending?: ItemCardLending;
  onEdit: (item: OwnItem) => void;
  onPermissions: (item: OwnItem) => void;
  onDelete: (item: OwnItem) => void;
  imagePriority?: boolean;
}

/**
 * The owner's card (My Items): request badges and, while the item is lent
 * out, 'Return Item' with who has it; otherwise Edit, Who can see and
 * Delete, and 'Mark as borrowed' above them once a request was accepted.
 * Both get the loan menu (issue 19) when the page passes one.
 * Memoised (below) like SharedItemCard: a list re-renders when any of its
 * queries answers, and re-rendering every card each time made long tasks on
 * slow phones; a card now renders again only when its own props change.
 */
function OwnItemCardView({
  item,
  activeRequest,
  lending,
  onEdit,
  onPermissions,
  onDelete,
  imagePriority,
}: OwnItemCardProps) {
  const { t } = useTranslation();
  const name = item.name;
  const loanMenu = lending?.LoanMenu && <lending.LoanMenu item={item} />;
  if (item.status === 'borrowed') {
    const lentTo = activeRequest?.status === 'borrowed' ? activeRequest : undefined;
    return (
      <ItemCardFrame
        item={item}
        extra={<RequestBadges counts={item.requestCounts} />}
        actions={lending && <lending.ReturnItemAction item={item} request={lentTo} />}
        menu={loanMenu}
        imagePriority={imagePriority}
      />
    );
  }
  const actions = (
    <div className="space-y-3">
      {lending && activeRequest?.status === 'accepted' && <lending.HandOverAction request={activeRequest} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(item)}
          aria-label={t('items.card.editNamed', { name })}
          data-testid="item-edit"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('items.card.edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPermissions(item)}
          aria-label={t('items.card.permissionsNamed', { name })}
          data-testid="item-permissions"
        >
          <Users className="h-4 w-4" aria-hidden="true" />
          {t('items.card.permissions')}
        </Button>
        {/* Icon only, so the row fits a phone in every language; the name says what it deletes. */}
        <Button
          variant="ghostDestructive"
          size="iconSm"
          className="ml-auto"
          onClick={() => onDelete(item)}
          aria-label={t('items.card.deleteNamed', { name })}
          title={t('items.card.delete')}
          data-testid="item-delete"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
  return (
    <ItemCardFrame
      item={item}
      extra={<RequestBadges counts={item.requestCounts} />}
      actions={actions}
      menu={loanMenu}
      imagePriority={imagePriority}
    />
  );
}

/** Spec §2 / §9: the groups an item reached the viewer through, the first three, then '+N'. */
function SharedViaBadges({ groups }: { groups: SharedItem['sharedViaGroups'] }) {
  const { t } = useTranslation();
  const labelId = useId();
  if (groups.length === 0) return null;
  const shown = groups.slice(0, LIMITS.sharedViaBadges);
  const hidden = groups.slice(LIMITS.sharedViaBadges);
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="item-shared-via">
      <span id={labelId} className="font-medium text-slate-600">
        {t('items.card.sharedVia')}
      </span>
      <ul aria-labelledby={labelId} className="flex min-w-0 flex-wrap gap-1.5">
        {shown.map((group) => (
          <li
            key={group.id}
            className="max-w-full truncate rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800"
            data-testid="item-shared-via-group"
          >
            {group.name}
          </li>
        ))}
        {hidden.length > 0 && (
          <li
            className="rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-800"
            title={hidden.map((group) => group.name).join(', ')}
            data-testid="item-shared-via-more"
          >
            <span aria-hidden="true">+{hidden.length}</span>
            <span className="sr-only">{t('items.card.moreGroups', { count: hidden.length })}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

export interface SharedItemCardProps {
  item: SharedItem;
  /** The user's own request for the item that the card shows (see sentRequestByItem). */
  sentRequest?: LendingRequest;
  /** Opens the borrow dialog; absent until the user and their requests are known. */
  onRequest?: (item: SharedItem) => void;
  /** Request and the request's status; a card without them shows the item only. */
  lending?: ItemCardLending;
  imagePriority?: boolean;
}

/**
 * Someone else's card (Available Items): the groups it was shared through
 * and the lending actions of spec §2 (Request, or the user's request's status).
 */
function SharedItemCardView({ item, sentRequest, onRequest, lending, imagePriority }: SharedItemCardProps) {
  return (
    <ItemCardFrame
      item={item}
      extra={<SharedViaBadges groups={item.sharedViaGroups} />}
      actions={lending && <lending.RequestActions item={item} request={sentRequest} onRequest={onRequest} />}
      imagePriority={imagePriority}
    />
  );
}

export const OwnItemCard = memo(OwnItemCardView);
export const SharedItemCard = memo(SharedItemCardView);
