import type { UserInfo } from '@pagewright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../account/accountStore';
import { closeLogin, useLoginDialogStore } from '../account/loginDialog';
import { closeShareDialog, openShareDialog, useShareDialogStore } from './shareDialog';

const user: UserInfo = {
  user_id: 'u1', ws_id: 'w1', first_name: 'Ada', last_name: '', email: 'ada@example.com', avatar: '',
  pay: 0, ai: 0, career: null, ws_token: 'ws', userType: 1,
};
const file = { fileId: 'f1', name: 'report.pdf' };

beforeEach(() => {
  vi.useFakeTimers();
  useAccountStore.setState({ user: null, token: null, ready: true });
});
afterEach(() => {
  closeShareDialog();
  closeLogin();
  vi.useRealTimers();
});

describe('openShareDialog', () => {
  it('opens the dialog on the file for a signed-in user, without the login dialog', () => {
    useAccountStore.setState({ user });
    openShareDialog(file);
    expect(useShareDialogStore.getState().target).toEqual(file);
    expect(useLoginDialogStore.getState().opened).toBe(false);
  });

  it('opens the login dialog instead for a guest, and the share dialog once they sign in', async () => {
    openShareDialog(file);
    expect(useLoginDialogStore.getState().opened).toBe(true);
    expect(useShareDialogStore.getState().target).toBeNull();
    useAccountStore.setState({ user });
    await vi.advanceTimersByTimeAsync(500);
    expect(useShareDialogStore.getState().target).toEqual(file);
  });

  it('leaves the share dialog closed when the guest closes the login dialog', async () => {
    openShareDialog(file);
    closeLogin();
    await vi.advanceTimersByTimeAsync(500);
    expect(useShareDialogStore.getState().target).toBeNull();
  });
});
