import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import type { PersonRef } from '../blocked-person-ref';
import { useIsBlocked } from '../use-is-blocked';
import { LazyBlockPersonDialog, LazyUnblockPersonDialog } from './block-dialogs';

/**
 * Block (or, once blocked, Unblock) on a contact card of a registered
 * person, each behind its confirmation dialog.
 */
export function BlockContactButton({ person }: { person: PersonRef }) {
  const { t } = useTranslation();
  const blocked = useIsBlocked(person.userId);
  const [dialog, setDialog] = useState<'block' | 'unblock' | null>(null);
  const close = () => setDialog(null);
  const Icon = blocked ? ShieldCheck : Ban;

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setDialog(blocked ? 'unblock' : 'block')}
        aria-label={t(blocked ? 'blocks.unblockNamed' : 'blocks.blockNamed', { name: person.name })}
        data-testid={blocked ? 'contact-unblock' : 'contact-block'}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
        {t(blocked ? 'blocks.unblockAction' : 'blocks.blockAction')}
      </Button>
      <LazyBlockPersonDialog open={dialog === 'block'} person={person} onClose={close} />
      <LazyUnblockPersonDialog open={dialog === 'unblock'} person={person} onClose={close} />
    </>
  );
}
