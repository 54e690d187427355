import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@/contract/schemas/group';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { JoinCodeStep } from './join-code-step';
import { JoinConfirmStep } from './join-confirm-step';

type JoinStep = { kind: 'code'; lookUp: boolean } | { kind: 'confirm'; group: Group };

interface JoinGroupContentProps {
  initialCode: string | undefined;
  onClose: () => void;
}

/** Mounted per opening: the code step first (looked up at once when a link brought the code), then confirm. */
function JoinGroupContent({ initialCode, onClose }: JoinGroupContentProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode ?? '');
  const [step, setStep] = useState<JoinStep>({ kind: 'code', lookUp: initialCode !== undefined });

  return (
    <DialogContent
      title={t('groups.join.title')}
      description={t(step.kind === 'code' ? 'groups.join.codeDescription' : 'groups.join.confirmDescription')}
      closeLabel={t('common.close')}
      focusFirstField
      data-testid="join-group-dialog"
      data-step={step.kind}
    >
      {step.kind === 'code' ? (
        <JoinCodeStep
          defaultCode={code}
          lookUpOnMount={step.lookUp}
          onFound={(group, foundCode) => {
            setCode(foundCode);
            setStep({ kind: 'confirm', group });
          }}
        />
      ) : (
        <JoinConfirmStep
          group={step.group}
          code={code}
          onBack={() => setStep({ kind: 'code', lookUp: false })}
          onDone={onClose}
        />
      )}
    </DialogContent>
  );
}

interface JoinGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A code to start with (from a /groups?join=CODE link); it is looked up right away. */
  initialCode?: string;
}

/** Spec §2 Join-group dialog in two steps: enter the code, then confirm; Back returns to the code. */
export function JoinGroupDialog({ open, onOpenChange, initialCode }: JoinGroupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <JoinGroupContent initialCode={initialCode} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
