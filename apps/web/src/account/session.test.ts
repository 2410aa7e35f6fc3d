import type { UserInfo } from '@pagewright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '../api/testFetch';
import { useAccountStore } from './accountStore';
import { closeLogin, onLoginSuccess, useLoginDialogStore } from './loginDialog';
import { useSurveyStore } from './occupation';
import { listenForTokens, signOut } from './session';
import { tokenMessage } from './windowMessages';

const origin = 'https://pagewright.example';
const user: UserInfo = {
  user_id: 'u1', ws_id: 'w1', first_name: 'Ada', last_name: 'L', email: 'ada@example.com', avatar: '',
  pay: 0, ai: 0, career: null, ws_token: 'ws', userType: 1,
};

function fakeWindow(): Window {
  return Object.assign(new EventTarget(), { location: { origin } }) as unknown as Window;
}

let stopListening: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  useAccountStore.setState({ user: null, token: null, ready: true });
  useSurveyStore.setState({ opened: false });
});
afterEach(() => {
  stopListening();
  closeLogin();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token messages', () => {
  it('a pagewrightToken message from our origin signs in: token kept, user read, dialog closed, survey a second later', async () => {
    const calls = stubFetch(() => ok(user));
    const target = fakeWindow();
    stopListening = listenForTokens(target);
    const succeeded = vi.fn();
    const stop = onLoginSuccess(succeeded);
    useLoginDialogStore.setState({ opened: true });

    target.dispatchEvent(new MessageEvent('message', { origin, data: tokenMessage('tok-9') }));
    await vi.advanceTimersByTimeAsync(0);
    stop();

    expect(calls.map((call) => call.url)).toEqual(['/api/account/refresh']);
    expect(calls[0]!.headers.token).toBe('tok-9');
    expect(useAccountStore.getState()).toMatchObject({ user, token: 'tok-9' });
    expect(succeeded).toHaveBeenCalledTimes(1);
    expect(useLoginDialogStore.getState().opened).toBe(false);
    expect(useSurveyStore.getState().opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(useSurveyStore.getState().opened).toBe(true);
  });

  it('ignores a token message from another origin', async () => {
    const calls = stubFetch(() => ok(user));
    const target = fakeWindow();
    stopListening = listenForTokens(target);
    target.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: tokenMessage('tok-9') }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
    expect(useAccountStore.getState().token).toBeNull();
  });

  it('stays a guest when the server refuses the token', async () => {
    stubFetch(() => fail(1401));
    const target = fakeWindow();
    stopListening = listenForTokens(target);
    target.dispatchEvent(new MessageEvent('message', { origin, data: tokenMessage('bad') }));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAccountStore.getState()).toMatchObject({ user: null, token: null, ready: true });
  });
});

describe('signOut', () => {
  it('forgets the user and the token even when the server call fails', async () => {
    useAccountStore.setState({ user, token: 'tok-1' });
    const calls = stubFetch(() => new TypeError('Failed to fetch'));
    await signOut();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', '/api/v2/user/logout']]);
    expect(useAccountStore.getState()).toMatchObject({ user: null, token: null });
  });
});

/** A fresh session module (startAccount runs once per page) with `token` stored. */
async function freshStart(token: string | null) {
  vi.resetModules();
  const calls = stubFetch(() => ok(user));
  const session = await import('./session');
  const store = (await import('./accountStore')).useAccountStore;
  store.setState({ user: null, token, ready: false });
  session.startAccount(fakeWindow());
  await vi.advanceTimersByTimeAsync(0);
  return { calls, store };
}

describe('startAccount', () => {
  it('reads the user at start when a token is stored', async () => {
    const { calls, store } = await freshStart('tok-1');
    expect(calls.map((call) => call.url)).toEqual(['/api/account/refresh']);
    expect(store.getState()).toMatchObject({ user, ready: true });
  });

  it('makes a guest without a stored token ready without asking the server', async () => {
    const { calls, store } = await freshStart(null);
    expect(calls).toEqual([]);
    expect(store.getState()).toMatchObject({ user: null, ready: true });
  });
});
