import { messageFor } from '@pagewright/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { changeLocale } from '../i18n';
import { errorMessage, showErrorToast } from './errorToast';
import { useToastStore } from './toastStore';

// The app's own i18n setup: English bundled, German fetched when chosen.
beforeAll(async () => {
  await changeLocale('de');
});
afterAll(async () => {
  await changeLocale('en');
});

describe('error messages in the visitor’s language', () => {
  it('are German when the locale is German', () => {
    expect(errorMessage(4012)).toBe('Die Dateigröße überschreitet das Limit.');
    expect(errorMessage('PASSWORD_EMPTY')).toBe('Das Passwortfeld darf nicht leer sein.');
    expect(errorMessage('ERR_NETWORK')).not.toBe(messageFor('ERR_NETWORK'));
  });

  it('read numeric codes sent as strings', () => {
    expect(errorMessage('3122')).toBe('Diese Datei ist verschlüsselt. Bitte geben Sie ihr Passwort ein.');
  });

  it('show the German generic message for a code the catalogue lacks', () => {
    expect(errorMessage(987654)).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
  });

  describe('in a toast', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      useToastStore.setState({ toasts: [], lastShownAt: Number.NEGATIVE_INFINITY });
      return () => vi.useRealTimers();
    });

    it('show the German text, not the server’s English msg', () => {
      showErrorToast(new ApiError(41003, 'File size exceeded. Please upgrade permissions.'));
      expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
        'Dateigröße überschritten. Bitte erweitern Sie Ihre Berechtigungen mit einem Upgrade.',
      ]);
    });
  });

  it('are English again after switching back', async () => {
    await changeLocale('en');
    expect(errorMessage(4012)).toBe('File size exceeds the limit.');
    await changeLocale('de');
  });
});
