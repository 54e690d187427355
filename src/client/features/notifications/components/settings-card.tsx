import { useId, type ReactNode } from 'react';

/** A white card with its own heading (the profile tabs' look; features do not share components). */
export function SettingsCard({
  title,
  description,
  children,
  'data-testid': testId,
}: {
  title: string;
  description: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      data-testid={testId}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
