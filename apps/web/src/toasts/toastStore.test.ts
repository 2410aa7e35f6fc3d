import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToastStore } from './toastStore';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [], lastShownAt: Number.NEGATIVE_INFINITY });
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('show at most one toast per 3 s', () => {
    showToast('first');
    showToast('second');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['first']);
    vi.advanceTimersByTime(3000);
    showToast('third');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['first', 'third']);
  });

  it('hide a toast after 4 s', () => {
    showToast('bye');
    vi.advanceTimersByTime(3999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

describe('toasts that need contact', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [], lastShownAt: Number.NEGATIVE_INFINITY });
  });

  it('stay after 4 s until closed', () => {
    showToast('call us', 'error', { contact: true });
    vi.advanceTimersByTime(60_000);
    const [toast] = useToastStore.getState().toasts;
    expect(toast).toMatchObject({ message: 'call us', contact: true });
    useToastStore.getState().dismiss(toast!.id);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

describe('toasts with a link', () => {
  it('carry the link to follow', () => {
    useToastStore.setState({ toasts: [], lastShownAt: Number.NEGATIVE_INFINITY });
    showToast('Saved', 'success', { link: { label: 'Open', href: '/app/document-cloud' } });
    expect(useToastStore.getState().toasts[0]?.link).toEqual({ label: 'Open', href: '/app/document-cloud' });
  });
});
