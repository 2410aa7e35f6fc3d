import { create } from 'zustand';
import { useAccountStore } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import type { ShareTarget } from './shareApi';

interface ShareDialogState {
  /** The file being shared, or null while the dialog is closed. */
  target: ShareTarget | null;
}

export const useShareDialogStore = create<ShareDialogState>(() => ({ target: null }));

/**
 * Opens the share dialog of SPEC §2 for a file. Sharing needs a signed-in user (SPEC §6): a
 * guest gets the login dialog instead, and the share dialog follows once they are signed in.
 */
export function openShareDialog({ fileId, name }: ShareTarget): void {
  const open = () => useShareDialogStore.setState({ target: { fileId, name } });
  if (useAccountStore.getState().user) {
    open();
    return;
  }
  void openLogin().then((signedIn) => {
    if (signedIn) open();
  });
}

export function closeShareDialog(): void {
  useShareDialogStore.setState({ target: null });
}
