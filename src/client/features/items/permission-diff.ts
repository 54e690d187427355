/**
 * "Can see" choices of one item, keyed by contact user id or group id.
 * Spec §7: saving sends only the differences.
 */
export type PermissionChoices = Readonly<Record<string, boolean>>;

export interface PermissionChanges {
  /** Newly ticked: POST with canView true. */
  grant: string[];
  /** Unticked: DELETE. */
  revoke: string[];
}

/**
 * What changed between the choices the server sent and the ticks now on
 * screen. An id the server did not list counts as not visible before; an id
 * missing from `current` is left as it was.
 */
export function diffPermissions(initial: PermissionChoices, current: PermissionChoices): PermissionChanges {
  const grant: string[] = [];
  const revoke: string[] = [];
  for (const [id, canView] of Object.entries(current)) {
    const before = initial[id] ?? false;
    if (canView && !before) grant.push(id);
    else if (!canView && before) revoke.push(id);
  }
  return { grant, revoke };
}

export function hasChanges(changes: PermissionChanges): boolean {
  return changes.grant.length > 0 || changes.revoke.length > 0;
}
