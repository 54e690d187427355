import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { CopyField } from '@/client/components/ui/copy-field';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast-store';

/** The link the Groups page opens its join dialog with (it reads `?join=`). */
export function groupJoinLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/groups?join=${encodeURIComponent(code)}`;
}

function canShare(): boolean {
  return typeof navigator.share === 'function';
}

interface InviteMembersDialogProps {
  open: boolean;
  onClose: () => void;
  groupName: string;
  code: string;
}

/**
 * Admin's Invite Members (spec §2 leaves its action open): the group code and
 * a join link to copy, and the system share sheet where the browser has one.
 */
export function InviteMembersDialog({ open, onClose, groupName, code }: InviteMembersDialogProps) {
  const { t } = useTranslation();
  const link = groupJoinLink(code);
  const copyFeedback = {
    copiedLabel: t('groups.details.invite.copied'),
    onCopyFailed: () => toast({ variant: 'destructive', title: t('groups.details.invite.copyFailed') }),
  };

  const share = async () => {
    try {
      await navigator.share({
        title: groupName,
        text: t('groups.details.invite.shareText', { group: groupName, appName: t('app.name'), code }),
        url: link,
      });
    } catch {
      // Cancelling the share sheet rejects too; copying remains available, nothing to report.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent
        title={t('groups.details.invite.title')}
        description={t('groups.details.invite.description')}
        closeLabel={t('common.close')}
        data-testid="invite-members-dialog"
      >
        <div className="space-y-4">
          <CopyField
            {...copyFeedback}
            label={t('groups.details.invite.code')}
            value={code}
            copyLabel={t('groups.details.invite.copyCode')}
            data-testid="invite-code"
          />
          <CopyField
            {...copyFeedback}
            label={t('groups.details.invite.link')}
            value={link}
            copyLabel={t('groups.details.invite.copyLink')}
            data-testid="invite-link"
          />
          {canShare() && (
            <Button variant="secondary" onClick={() => void share()} data-testid="invite-share">
              <Share2 className="h-4 w-4" aria-hidden="true" />
              {t('groups.details.invite.share')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
