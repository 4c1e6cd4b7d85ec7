import { useSyncExternalStore, type ReactNode } from "react";

// Toasts: at most one shown at a time; each is added,
// updated, dismissed or removed; a dismissed toast is removed 1,000,000 ms
// later (so its closing animation is never cut short).
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that brings the focus to the toasts. */
export const TOAST_HOTKEY = "F8";

export type ToastVariant = "default" | "destructive";
export interface Toast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

type State = { toasts: Toast[] };
let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      removeToast(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function toast(input: Omit<Toast, "id" | "open">) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    update: (patch: Partial<Omit<Toast, "id">>) => updateToast(id, patch),
    dismiss: () => dismissToast(id),
  };
}

export function updateToast(id: string, patch: Partial<Omit<Toast, "id">>) {
  emit({ toasts: state.toasts.map((item) => (item.id === id ? { ...item, ...patch } : item)) });
}

/** Closes one toast (or all); it is removed after the removal delay. */
export function dismissToast(id?: string) {
  for (const item of state.toasts) if (!id || item.id === id) scheduleRemoval(item.id);
  emit({ toasts: state.toasts.map((item) => (!id || item.id === id ? { ...item, open: false } : item)) });
}

export function removeToast(id?: string) {
  emit({ toasts: id ? state.toasts.filter((item) => item.id !== id) : [] });
}

export function getToasts() {
  return state.toasts;
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const serverSnapshot: Toast[] = [];
export function useToasts() {
  return useSyncExternalStore(subscribeToasts, getToasts, () => serverSnapshot);
}
