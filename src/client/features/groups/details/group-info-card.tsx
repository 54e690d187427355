import { Globe, Hash, Lock, MapPin, Shield, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetails } from '@/contract/schemas/group';

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex shrink-0 items-center gap-2 text-slate-600">
        {icon}
        <span>{label}</span>
      </dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

const ICON = 'h-4 w-4 text-slate-500';

/** Spec §2 details card: privacy badge, description, code, count/max, location, admin. */
export function GroupInfoCard({ group }: { group: GroupDetails }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('groups.details.info.label')}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5"
      data-testid="group-info"
    >
      <span
        className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
        data-testid="group-privacy"
      >
        {group.isPrivate ? (
          <Lock className="h-3.5 w-3.5" aria-hidden="true" />
        ) : (
          <Globe className="h-3.5 w-3.5" aria-hidden="true" />
        )}
        {group.isPrivate ? t('groups.details.info.private') : t('groups.details.info.public')}
      </span>
      {group.description && <p className="mt-3 text-base whitespace-pre-line text-slate-800">{group.description}</p>}
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {group.groupCode && (
          <InfoRow icon={<Hash className={ICON} aria-hidden="true" />} label={t('groups.details.info.code')}>
            <span className="font-mono tracking-wider" data-testid="group-code">
              {group.groupCode}
            </span>
          </InfoRow>
        )}
        <InfoRow icon={<Users className={ICON} aria-hidden="true" />} label={t('groups.details.info.members')}>
          <span data-testid="group-member-count">
            {t('groups.details.info.memberCount', { members: group.memberCount, max: group.maxMembers })}
          </span>
        </InfoRow>
        {group.location && (
          <InfoRow icon={<MapPin className={ICON} aria-hidden="true" />} label={t('groups.details.info.location')}>
            {group.location}
          </InfoRow>
        )}
        <InfoRow icon={<Shield className={ICON} aria-hidden="true" />} label={t('groups.details.info.admin')}>
          <span data-testid="group-admin">
            {group.admin.name} <span className="font-normal text-slate-600">@{group.admin.username}</span>
          </span>
        </InfoRow>
      </dl>
    </section>
  );
}
