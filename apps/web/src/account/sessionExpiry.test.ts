import type { UserInfo } from '@pagewright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { request } from '../api/http';
import { fail, ok, stubFetch } from '../api/testFetch';
import { useAccountStore } from './accountStore';
import { closeLogin, useLoginDialogStore } from './loginDialog';

const user: UserInfo = {
  user_id: 'u1', ws_id: 'w1', first_name: 'Ada', last_name: 'L', email: 'ada@example.com', avatar: '',
  pay: 0, ai: 0, career: null, ws_token: 'ws', userType: 1,
};

beforeEach(() => {
  vi.useFakeTimers();
  useAccountStore.setState({ user, token: 'tok-1', ready: true });
});
afterEach(() => {
  closeLogin();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session expiry in the HTTP layer', () => {
  it('sends the token header to the API but not to a storage URL', async () => {
    const calls = stubFetch(() => ok({}));
    await request(z.unknown(), '/merge');
    await request(z.unknown(), 'https://storage.example/put');
    expect(calls[0]!.headers.token).toBe('tok-1');
    expect(calls[1]!.headers.token).toBeUndefined();
  });

  it.each([3001, 1401, 3011])('signs out on code %i without opening the login dialog', async (code) => {
    stubFetch(() => fail(code));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code });
    expect(useAccountStore.getState()).toMatchObject({ user: null, token: null });
    expect(useLoginDialogStore.getState().opened).toBe(false);
  });

  it('signs out on 1408 and opens the login dialog', async () => {
    stubFetch(() => fail('1408'));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 1408 });
    expect(useAccountStore.getState()).toMatchObject({ user: null, token: null });
    expect(useLoginDialogStore.getState().opened).toBe(true);
  });

  it('keeps the user signed in on other failure codes', async () => {
    stubFetch(() => fail(41003));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 41003 });
    expect(useAccountStore.getState()).toMatchObject({ user, token: 'tok-1' });
  });

  it('ignores an expiry of a token that was replaced while the call ran', async () => {
    stubFetch(() => {
      useAccountStore.setState({ token: 'tok-2' });
      return fail(3001);
    });
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 3001 });
    expect(useAccountStore.getState()).toMatchObject({ user, token: 'tok-2' });
  });
});
