import { useState } from 'react';
import { showErrorToast } from '../toasts/errorToast';

/**
 * A dialog's confirming action: busy while it runs, the dialog closed when it succeeds, kept
 * open with the failure in a toast when it does not.
 */
export function useDialogAction(onClose: () => void): { busy: boolean; run: (action: () => Promise<unknown>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (failure) {
      showErrorToast(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
