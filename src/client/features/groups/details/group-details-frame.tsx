import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/client/components/ui/button';

interface GroupDetailsFrameProps {
  title: string;
  /** Header actions beside the title (the admin's Edit Group). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The page's <main> landmark (as PageFrame makes it) with the spec §2 header:
 * a back link to /groups above the title, and the actions beside it.
 */
export function GroupDetailsFrame({ title, actions, children }: GroupDetailsFrameProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <main
      id="main-content"
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-6xl px-4 py-6 focus:outline-none md:py-8"
    >
      <Link href="/groups" className={buttonClasses('ghost', 'sm', '-ml-3')} data-testid="group-back">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('groups.details.back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 id={headingId} className="min-w-0 text-2xl font-bold break-words text-slate-900 md:text-3xl">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </main>
  );
}
