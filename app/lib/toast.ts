import { useSyncExternalStore } from "react";

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** The spec's toast constants: one at a time, gone after 5 seconds, swipe 50 px to dismiss. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

// One toast at a time: a new one replaces the current one.
let current: Toast | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

let counter = 0;

export function showToast(toast: Omit<Toast, "id"> & { id?: string }) {
  if (toast.id && current?.id === toast.id) return;
  current = { ...toast, id: toast.id ?? `toast-${Date.now()}-${counter++}` };
  emit();
}

export function dismissToast(id: string) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
