import { useSyncExternalStore } from 'react';

/**
 * A one-slot toast store (spec §9: one toast visible at a time). `toast()` can
 * be called from anywhere, including mutation callbacks outside React; a new
 * toast replaces the current one.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds until it hides; defaults to TIMINGS.toastDurationMs in <Toaster/>. */
  durationMs?: number;
}

export interface ToastState extends ToastInput {
  id: number;
}

let current: ToastState | null = null;
let nextId = 1;
/** Latches on the first toast, so the toast UI chunk loads only once something is to be shown. */
let requested = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++ };
  requested = true;
  emit();
  return current.id;
}

/** Hides the toast with this id (or the current one); ignores stale ids from a replaced toast. */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState | null {
  return current;
}

export function useCurrentToast(): ToastState | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

function getRequested(): boolean {
  return requested;
}

/** True from the first toast() call on. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(subscribe, getRequested, getRequested);
}
