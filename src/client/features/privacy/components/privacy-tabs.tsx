import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { DeletionTab } from './deletion-tab';
import { ExportTab } from './export-tab';
import { PolicyTab } from './policy-tab';

const TABS = ['policy', 'export', 'deletion'] as const;
type PrivacyTab = (typeof TABS)[number];

const isPrivacyTab = (value: string | null): value is PrivacyTab => TABS.some((tab) => tab === value);

interface PrivacyTabsProps {
  /** The signed-in user's id; null when signed out (the policy reads the same, the actions ask to sign in). */
  userId: string | null;
  onSignIn: (returnTo: string) => void;
}

/**
 * Spec §2 GDPR: three tabs, privacy policy first. The open tab lives in the
 * address (`/gdpr?tab=export`), so it can be linked to and survives the
 * round trip through sign-in.
 */
export function PrivacyTabs({ userId, onSignIn }: PrivacyTabsProps) {
  const { t } = useTranslation('privacy');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PrivacyTab = isPrivacyTab(requested) ? requested : 'policy';
  const show = (next: string) => {
    if (isPrivacyTab(next)) setParams(next === 'policy' ? {} : { tab: next }, { replace: true });
  };
  const signInHere = () => onSignIn(`/gdpr?tab=${tab}`);

  return (
    <Tabs value={tab} onValueChange={show} className="mt-6">
      <TabsList aria-label={t('privacy:page.tabsLabel')}>
        <TabsTrigger value="policy" data-testid="privacy-tab-policy">
          <ShieldCheck className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('privacy:page.tabs.policy')}
        </TabsTrigger>
        <TabsTrigger value="export" data-testid="privacy-tab-export">
          <Download className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('privacy:page.tabs.export')}
        </TabsTrigger>
        <TabsTrigger value="deletion" data-testid="privacy-tab-deletion">
          <Trash2 className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('privacy:page.tabs.deletion')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="policy">
        <PolicyTab />
      </TabsContent>
      <TabsContent value="export">
        <ExportTab userId={userId} onSignIn={signInHere} />
      </TabsContent>
      <TabsContent value="deletion">
        <DeletionTab userId={userId} onSignIn={signInHere} onShowExport={() => show('export')} />
      </TabsContent>
    </Tabs>
  );
}
