import { errorCatalogue, type CatalogueEntry } from '@pagewright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { errorMessage, showErrorToast } from './errorToast';
import { useToastStore } from './toastStore';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [], lastShownAt: Number.NEGATIVE_INFINITY });
});
afterEach(() => vi.useRealTimers());

function shown(): string[] {
  return useToastStore.getState().toasts.map((t) => t.message);
}

describe('error toasts', () => {
  it('show the catalogue message of every code', () => {
    for (const [code, entry] of Object.entries(errorCatalogue as Record<string, CatalogueEntry>)) {
      const key = /^\d+$/.test(code) ? Number(code) : code;
      expect(errorMessage(key), String(code)).toBe(entry.message);
    }
  });

  it("show 'Something error, please try again later.' for a code the catalogue lacks", () => {
    showErrorToast(new ApiError(987654));
    expect(shown()).toEqual(['Something error, please try again later.']);
  });

  it('show the message of a server code as a warning', () => {
    showErrorToast(new ApiError('3125'));
    expect(useToastStore.getState().toasts).toMatchObject([{ message: 'Task failed. Please try again later.', kind: 'warning' }]);
  });

  it('show the wait the server asked for in a throttled sign-in message', () => {
    showErrorToast(new ApiError('LOGIN_THROTTLED', undefined, 8));
    expect(shown()).toEqual(['Too many sign-in attempts. Please wait 8 seconds and try again.']);
  });

  it('stay silent for a cancelled request', () => {
    showErrorToast(new ApiError('ERR_CANCELED'));
    expect(shown()).toEqual([]);
  });
});
