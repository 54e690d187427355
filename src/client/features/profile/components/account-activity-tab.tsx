import { useState } from 'react';
import type { User } from '@/contract/schemas/user';
import { ActivitySummary } from './activity-summary';
import { LoginHistoryList } from './login-history-list';

/** The Account Activity tab; relative times count from when the tab was opened. */
export function AccountActivityTab({ user }: { user: User }) {
  const [now] = useState(() => Date.now());
  return (
    <div className="space-y-4">
      <ActivitySummary user={user} now={now} />
      <LoginHistoryList now={now} />
    </div>
  );
}
