import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OwnItem } from '@/contract/schemas/item';
import { Button, buttonClasses } from '@/client/components/ui/button';
import { Dialog, DialogActions, DialogContent } from '@/client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast-store';
import { useContactPermissions } from '../api/get-contact-permissions';
import { useGroupPermissions } from '../api/get-group-permissions';
import { useSavePermissions } from '../api/save-permissions';
import { itemErrorDescription } from '../item-error-message';
import { diffPermissions, hasChanges, type PermissionChoices } from '../permission-diff';
import { PermissionRow } from './permission-row';

export interface ItemPermissionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: OwnItem;
}

function EmptyState({
  title,
  hint,
  href,
  linkLabel,
  onLeave,
}: {
  title: string;
  hint: string;
  href: string;
  linkLabel: string;
  onLeave: () => void;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-4 text-center" data-testid="permissions-empty">
      <p className="font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      <Link href={href} onClick={onLeave} className={buttonClasses('secondary', 'md', 'mt-3')}>
        {linkLabel}
      </Link>
    </div>
  );
}

function RowList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">{children}</ul>;
}

/** The server's choices, by id. */
const choicesOf = <T,>(rows: readonly T[], id: (row: T) => string, canView: (row: T) => boolean): PermissionChoices =>
  Object.fromEntries(rows.map((row) => [id(row), canView(row)]));

/**
 * The two lists and the ticks changed on screen. The baseline is always the
 * server's latest answer, so after a partly failed save a retry sends only
 * what is still different.
 */
function PermissionsEditor({ item, onDone }: { item: OwnItem; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const contacts = useContactPermissions(item.id);
  const groups = useGroupPermissions(item.id);
  const save = useSavePermissions();
  const [contactTicks, setContactTicks] = useState<PermissionChoices>({});
  const [groupTicks, setGroupTicks] = useState<PermissionChoices>({});

  const contactRows = contacts.data ?? [];
  const groupRows = groups.data ?? [];
  const contactBaseline = choicesOf(
    contactRows,
    (row) => row.contactUserId,
    (row) => row.canView,
  );
  const groupBaseline = choicesOf(
    groupRows,
    (row) => row.groupId,
    (row) => row.canView,
  );
  const contactChoices = { ...contactBaseline, ...contactTicks };
  const groupChoices = { ...groupBaseline, ...groupTicks };
  const loaded = contacts.isSuccess && groups.isSuccess;
  const failed = contacts.isError || groups.isError;

  const onSave = async () => {
    const changes = {
      contacts: diffPermissions(contactBaseline, contactChoices),
      groups: diffPermissions(groupBaseline, groupChoices),
    };
    if (!hasChanges(changes.contacts) && !hasChanges(changes.groups)) {
      onDone();
      return;
    }
    try {
      await save.mutateAsync({ itemId: item.id, ...changes });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('items.toasts.permissionsFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({ title: t('items.toasts.permissionsUpdated') });
    onDone();
  };

  let body: ReactNode;
  if (failed) {
    body = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{t('items.permissions.loadFailed')}</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            if (contacts.isError) void contacts.refetch();
            if (groups.isError) void groups.refetch();
          }}
        >
          {t('items.permissions.retry')}
        </Button>
      </div>
    );
  } else if (!loaded) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-8 text-slate-700">
        <LoaderCircle className="h-6 w-6 animate-spin text-brand-700" aria-hidden="true" />
        <span>{t('items.permissions.loading')}</span>
      </div>
    );
  } else {
    body = (
      <Tabs defaultValue="contacts">
        <TabsList aria-label={t('items.permissions.tabsLabel')}>
          <TabsTrigger value="contacts" data-testid="permissions-tab-contacts">
            {t('items.permissions.contactsCount', { total: contactRows.length })}
          </TabsTrigger>
          <TabsTrigger value="groups" data-testid="permissions-tab-groups">
            {t('items.permissions.groupsCount', { total: groupRows.length })}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="contacts">
          {contactRows.length === 0 ? (
            <EmptyState
              title={t('items.permissions.noContactsTitle')}
              hint={t('items.permissions.noContactsHint')}
              href="/contacts"
              linkLabel={t('items.permissions.goToContacts')}
              onLeave={onDone}
            />
          ) : (
            <RowList>
              {contactRows.map((row) => (
                <PermissionRow
                  key={row.contactUserId}
                  name={row.name}
                  detail={row.phone}
                  checked={contactChoices[row.contactUserId] ?? false}
                  disabled={save.isPending}
                  onCheckedChange={(checked) =>
                    setContactTicks((ticks) => ({ ...ticks, [row.contactUserId]: checked }))
                  }
                />
              ))}
            </RowList>
          )}
        </TabsContent>
        <TabsContent value="groups">
          {groupRows.length === 0 ? (
            <EmptyState
              title={t('items.permissions.noGroupsTitle')}
              hint={t('items.permissions.noGroupsHint')}
              href="/groups"
              linkLabel={t('items.permissions.goToGroups')}
              onLeave={onDone}
            />
          ) : (
            <RowList>
              {groupRows.map((row) => (
                <PermissionRow
                  key={row.groupId}
                  name={row.name}
                  detail={t('items.permissions.members', { count: row.memberCount })}
                  checked={groupChoices[row.groupId] ?? false}
                  disabled={save.isPending}
                  onCheckedChange={(checked) => setGroupTicks((ticks) => ({ ...ticks, [row.groupId]: checked }))}
                />
              ))}
            </RowList>
          )}
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="space-y-4">
      {body}
      <DialogActions className="border-t border-slate-200 pt-3">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void onSave()} disabled={!loaded || save.isPending} data-testid="permissions-save">
          {t('items.permissions.save')}
        </Button>
      </DialogActions>
    </div>
  );
}

/**
 * Spec §2 item permissions dialog, §6: 'Can see' per registered contact and
 * per group, saved as differences only (spec §7). Mounted per opening, so it
 * starts from the server's current choices.
 */
export function ItemPermissionsDialog({ open, onOpenChange, item }: ItemPermissionsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t('items.permissions.title')}
          description={t('items.permissions.description', { name: item.name })}
          closeLabel={t('common.close')}
          data-testid="item-permissions-dialog"
        >
          <PermissionsEditor item={item} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
