import type { UserInfo } from '@pagewright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from './accountStore';
import { closeLogin, cookieBranch, openLogin, safeReturnPath, useLoginDialogStore } from './loginDialog';

const user: UserInfo = {
  user_id: 'u1', ws_id: 'w1', first_name: '', last_name: '', email: 'a@example.com', avatar: '',
  pay: 0, ai: 0, career: null, ws_token: 'ws', userType: 1,
};

beforeEach(() => {
  vi.useFakeTimers();
  useAccountStore.setState({ user: null, token: null, ready: true });
});
afterEach(() => {
  closeLogin();
  vi.useRealTimers();
});

describe('cookieBranch', () => {
  it('shows the frame when the frame keeps cookies', () => {
    expect(cookieBranch(true, '/app/merge-pdf?x=1')).toEqual({ kind: 'frame' });
  });

  it('sends the whole page to the login page with the current path to come back to', () => {
    expect(cookieBranch(false, '/app/merge-pdf?x=1')).toEqual({
      kind: 'redirect',
      url: '/app/login-frame?view=signIn&return=%2Fapp%2Fmerge-pdf%3Fx%3D1',
    });
    expect(cookieBranch(false, '/pricing', 'signUp')).toEqual({ kind: 'redirect', url: '/app/login-frame?view=signUp&return=%2Fpricing' });
  });
});

describe('safeReturnPath', () => {
  it('keeps a same-site path and refuses other sites', () => {
    expect(safeReturnPath('/app/account?a=1')).toBe('/app/account?a=1');
    expect(safeReturnPath('//evil.example/x')).toBe('/app');
    expect(safeReturnPath('https://evil.example/x')).toBe('/app');
    expect(safeReturnPath(null)).toBe('/app');
  });
});

describe('openLogin', () => {
  it('opens the dialog and resolves true once the user is signed in', async () => {
    const result = openLogin();
    expect(useLoginDialogStore.getState().opened).toBe(true);
    useAccountStore.setState({ user });
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe(true);
  });

  it('opens on the sign-up form when asked to', async () => {
    void openLogin({ signUp: true });
    expect(useLoginDialogStore.getState()).toMatchObject({ opened: true, view: 'signUp' });
  });

  it('resolves false when the user closes the dialog', async () => {
    const result = openLogin();
    closeLogin();
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe(false);
  });

  it('closes the dialog and resolves false after 5 minutes without a sign-in', async () => {
    const result = openLogin();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await expect(result).resolves.toBe(false);
    expect(useLoginDialogStore.getState().opened).toBe(false);
  });

  it('does not open the dialog for a signed-in user', async () => {
    useAccountStore.setState({ user });
    await expect(openLogin()).resolves.toBe(true);
    expect(useLoginDialogStore.getState().opened).toBe(false);
  });
});
