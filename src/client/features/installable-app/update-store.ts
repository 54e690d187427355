import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over (service-worker.ts
 * sets it), and what "Reload" does then. Kept apart from the worker's
 * registration so the first page's JavaScript carries only this.
 */

let updateWaiting = false;
let applyUpdate: (() => void) | undefined;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

/** A new version waits; `apply` lets it take over. */
export function announceWaitingUpdate(apply: () => void): void {
  applyUpdate = apply;
  setUpdateWaiting(true);
}

/** Lets the waiting version take over; service-worker.ts then reloads the page into it. */
export function reloadToUpdate(): void {
  applyUpdate?.();
}

/** Hides the prompt until the next new version (or the next page load finds this one still waiting). */
export function dismissUpdate(): void {
  setUpdateWaiting(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getUpdateWaiting = () => updateWaiting;

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, getUpdateWaiting, getUpdateWaiting);
}
