import { useTranslation } from 'react-i18next';
import type { Group } from '@/contract/schemas/group';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { CreateGroupForm } from './create-group-form';

interface CreateGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (group: Group) => void;
}

/** Spec §2 Create-group dialog; the form is mounted per opening, so it starts empty each time. */
export function CreateGroupDialog({ open, onOpenChange, onCreated }: CreateGroupDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('groups.create.title')}
      description={t('groups.create.description')}
      data-testid="create-group-dialog"
    >
      <CreateGroupForm
        onCancel={() => onOpenChange(false)}
        onCreated={(group) => {
          onOpenChange(false);
          onCreated?.(group);
        }}
      />
    </FormDialog>
  );
}
