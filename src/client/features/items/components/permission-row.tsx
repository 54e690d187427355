import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PermissionRowProps {
  name: string;
  /** Phone (contacts) or member count (groups); null for none. */
  detail: string | null;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * One contact or group with its 'Can see' checkbox. The checkbox is named
 * "Can see <name>", so a screen reader says whose row it is.
 */
export function PermissionRow({ name, detail, checked, disabled = false, onCheckedChange }: PermissionRowProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2" data-testid="permission-row">
      <div className="min-w-0">
        <p id={`${id}-name`} className="font-medium break-words text-slate-900">
          {name}
        </p>
        {detail && <p className="truncate text-sm text-slate-600">{detail}</p>}
      </div>
      <label className="flex min-h-10 shrink-0 cursor-pointer items-center gap-2 text-sm text-slate-800 has-[:disabled]:cursor-not-allowed">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-labelledby={`${id}-label ${id}-name`}
        />
        <span id={`${id}-label`}>{t('items.permissions.canSee')}</span>
      </label>
    </li>
  );
}
