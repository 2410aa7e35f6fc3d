import { timing } from '@pagewright/contracts';
import { create } from 'zustand';

export type ToastKind = 'warning' | 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** The user should contact support: the toast stays until closed and says so. */
  contact: boolean;
  link?: ToastLink;
}

/** A page the toast leads to (the saved file's place). */
export interface ToastLink {
  label: string;
  href: string;
  /** Goes there inside the app (the router's navigation) instead of loading the page. */
  navigate?: () => void;
}

export interface ToastOptions {
  contact?: boolean;
  link?: ToastLink;
}

interface ToastState {
  toasts: Toast[];
  lastShownAt: number;
  show: (message: string, kind?: ToastKind, options?: ToastOptions) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/**
 * Toasts of SPEC §4: each hides after 4 s unless the user needs to contact support, and at
 * most one is shown per 3 s; a toast asked for sooner is dropped, as a burst of failures is
 * one problem to the user.
 */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  lastShownAt: Number.NEGATIVE_INFINITY,
  show: (message, kind = 'warning', options = {}) => {
    const now = Date.now();
    if (message === '' || now - get().lastShownAt < timing.toastThrottleMs) return;
    const id = nextId++;
    const contact = options.contact === true;
    const toast: Toast = options.link ? { id, message, kind, contact, link: options.link } : { id, message, kind, contact };
    set((state) => ({ toasts: [...state.toasts, toast], lastShownAt: now }));
    if (!contact) setTimeout(() => get().dismiss(id), timing.toastMs);
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function showToast(message: string, kind?: ToastKind, options?: ToastOptions): void {
  useToastStore.getState().show(message, kind, options);
}
