import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { OperatorAddress, OperatorEmail, PhotoStorageProcessor } from './operator-details';

/**
 * The eleven sections spec §2 GDPR names, in its order. Each has a title,
 * optionally a lead sentence (`body`), a list (`items`, keys under
 * `privacy:policy.sections.<id>.items`), something shown after the lead
 * (the operator's details) and a closing sentence (`closing`).
 */
interface PolicySection {
  id: string;
  body?: boolean;
  items?: readonly string[];
  details?: () => ReactNode;
  /** List items that depend on how this instance is configured, after `items`. */
  configuredItems?: () => ReactNode;
  closing?: string;
}

const SECTIONS: readonly PolicySection[] = [
  { id: 'controller', body: true, details: () => <OperatorAddress /> },
  {
    id: 'collection',
    body: true,
    items: [
      'account',
      'builtinSignIn',
      'profile',
      'items',
      'contacts',
      'groups',
      'lending',
      'messages',
      'networkRequests',
      'notifications',
      'activity',
      'feedback',
      'location',
    ],
  },
  { id: 'legalBasis', items: ['contract', 'legitimateInterests', 'consent', 'otherPeople'] },
  {
    id: 'use',
    items: ['sharing', 'lending', 'notifications', 'findContacts', 'security', 'feedback'],
    closing: 'noAds',
  },
  {
    id: 'sharing',
    items: [
      'others',
      'profile',
      'publicGroups',
      'invitations',
      'providers',
      'pushServices',
      'email',
      'services',
      'authorities',
    ],
    configuredItems: () => <PhotoStorageProcessor />,
  },
  {
    id: 'retention',
    items: ['account', 'sessions', 'invitations', 'loginHistory', 'notifications', 'push', 'deletion', 'logs'],
  },
  {
    id: 'rights',
    body: true,
    items: ['access', 'rectification', 'erasure', 'portability', 'objection', 'withdraw', 'complaint'],
  },
  {
    id: 'cookies',
    items: ['session', 'login', 'language', 'consent', 'local', 'appShell', 'builtinSignIn'],
    closing: 'noTracking',
  },
  { id: 'security', items: ['access', 'photos', 'sessions', 'transport'] },
  { id: 'contact', body: true, details: () => <OperatorEmail /> },
  { id: 'complaint', body: true },
];

function Section({ section }: { section: PolicySection }) {
  const { t } = useTranslation('privacy');
  const key = `privacy:policy.sections.${section.id}`;
  const headingId = `policy-${section.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`policy-section-${section.id}`}>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t(`${key}.title`)}
      </h3>
      {section.body && <p>{t(`${key}.body`)}</p>}
      {section.details?.()}
      {section.items && (
        <ul className="list-disc space-y-2 pl-5 marker:text-brand-700">
          {section.items.map((item) => (
            <li key={item}>{t(`${key}.items.${item}`)}</li>
          ))}
          {section.configuredItems?.()}
        </ul>
      )}
      {section.closing && <p className="font-medium text-slate-900">{t(`${key}.${section.closing}`)}</p>}
    </section>
  );
}

/** Spec §2 GDPR, first tab: the privacy policy, written for what this app stores; dated today, as the spec asks. */
export function PolicyTab() {
  const { t } = useTranslation('privacy');
  const { formatDate } = useDateFormatters();
  return (
    <article
      aria-labelledby="policy-title"
      className="space-y-8 rounded-xl border border-slate-200 bg-white p-4 text-base leading-relaxed text-slate-800 sm:p-6"
    >
      <header className="space-y-2">
        <h2 id="policy-title" className="text-xl font-bold text-slate-900">
          {t('privacy:policy.title')}
        </h2>
        <p className="text-sm text-slate-600" data-testid="policy-last-updated">
          {t('privacy:policy.lastUpdated', { date: formatDate(new Date(), { dateStyle: 'long' }) })}
        </p>
        <p>{t('privacy:policy.intro')}</p>
      </header>
      {SECTIONS.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </article>
  );
}
