import { useTranslation } from 'react-i18next';
import { CopyField } from '@/client/components/ui/copy-field';
import { toast } from '@/client/components/ui/toast-store';

interface InvitationLinkFieldProps {
  link: string;
  /** Called after the link is on the clipboard. */
  onCopied: () => void;
}

/** Spec §2: read-only invitation link with a copy button that shows 'copied' for 2 seconds. */
export function InvitationLinkField({ link, onCopied }: InvitationLinkFieldProps) {
  const { t } = useTranslation();
  return (
    <CopyField
      label={t('contacts.invitation.link')}
      value={link}
      copyLabel={t('contacts.invitation.copy')}
      copiedLabel={t('contacts.invitation.copied')}
      onCopied={onCopied}
      onCopyFailed={() => toast({ variant: 'destructive', title: t('contacts.invitation.copyFailed') })}
      data-testid="invitation-link"
      buttonTestId="copy-invitation-link"
    />
  );
}
