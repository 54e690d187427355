import { Clock, Globe, Hash, Lock, MapPin, Navigation, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Group } from '@/contract/schemas/group';
import { buttonClasses } from '@/client/components/ui/button';
import { getFormattingLocale } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { formatDistanceKm } from '../format-distance';

/** The lock or globe of a private or public group, with its meaning for screen readers. */
export function GroupPrivacyIcon({ isPrivate }: { isPrivate: boolean }) {
  const { t } = useTranslation();
  const Icon = isPrivate ? Lock : Globe;
  const label = t(isPrivate ? 'groups.card.private' : 'groups.card.public');
  return (
    <span className="inline-flex shrink-0 text-slate-600" title={label}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** "3/50": members now and at most (spec §2). */
export function memberCountText(group: Pick<Group, 'memberCount' | 'maxMembers'>): string {
  return `${group.memberCount}/${group.maxMembers}`;
}

interface CardFactProps {
  icon: LucideIcon;
  /** What the value is, for screen readers; the icon stands for it on screen. */
  term: string;
  className?: string;
  valueClassName?: string;
  'data-testid': string;
  children: ReactNode;
}

/** One icon-labelled term and value of the card's facts list. */
function CardFact({ icon: Icon, term, className, valueClassName, 'data-testid': testId, children }: CardFactProps) {
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <dt>
        <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One group (spec §2 Group card): privacy icon, name, count/max, code,
 * description in two lines, admin, and the location, or the distance when
 * discover searched around a position; a link to the details page. A
 * 'Request pending' badge when the viewer asked to join and the admin has
 * not answered yet (discover and search hand over `hasPendingRequest`).
 */
export function GroupCard({ group }: { group: Group }) {
  const { t, i18n } = useTranslation();
  const locale = getFormattingLocale(i18n.language, i18n.resolvedLanguage);
  const hasDistance = group.distance !== undefined;
  const requestPending = group.hasPendingRequest && !group.isUserMember;

  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="group-card"
      data-group-id={group.id}
    >
      <div className="flex items-start gap-2">
        <span className="mt-1">
          <GroupPrivacyIcon isPrivate={group.isPrivate} />
        </span>
        <h2 className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">{group.name}</h2>
      </div>

      {requestPending && (
        <p>
          {/* Dark text on a light tint, as the contact status badges: AA contrast. */}
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
            data-testid="group-request-pending"
          >
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            {t('groups.card.requestPending')}
          </span>
        </p>
      )}

      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <CardFact icon={Users} term={t('groups.card.members')} data-testid="group-member-count">
          {memberCountText(group)}
        </CardFact>
        {group.groupCode !== null && (
          <CardFact
            icon={Hash}
            term={t('groups.card.code')}
            valueClassName="font-mono tracking-wide"
            data-testid="group-code"
          >
            {group.groupCode}
          </CardFact>
        )}
        {hasDistance ? (
          <CardFact icon={Navigation} term={t('groups.card.distance')} data-testid="group-distance">
            {t('groups.card.distanceValue', { distance: formatDistanceKm(group.distance ?? 0, locale) })}
          </CardFact>
        ) : (
          group.location && (
            <CardFact
              icon={MapPin}
              term={t('groups.card.location')}
              className="min-w-0"
              valueClassName="truncate"
              data-testid="group-location"
            >
              {group.location}
            </CardFact>
          )
        )}
      </dl>

      {group.description && <p className="line-clamp-2 text-sm text-slate-700">{group.description}</p>}
      <p className="text-sm text-slate-600" data-testid="group-admin">
        {t('groups.card.admin', { name: group.admin.name })}
      </p>

      <div className="mt-auto pt-1">
        <Link
          href={`/groups/${encodeURIComponent(group.id)}`}
          className={buttonClasses('secondary', 'sm')}
          aria-label={t('groups.card.viewDetailsNamed', { name: group.name })}
        >
          {t('groups.card.viewDetails')}
        </Link>
      </div>
    </article>
  );
}
