import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginWaitError, waitForLogin } from './loginWait';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('waitForLogin', () => {
  it('resolves at the first 400 ms check after the user is logged in', async () => {
    let loggedIn = false;
    let settled = false;
    const wait = waitForLogin({ isLoggedIn: () => loggedIn, isClosed: () => false }).then(() => { settled = true; });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(settled).toBe(false);
    loggedIn = true;
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(settled).toBe(true);
  });

  it('resolves at once when the user is already logged in', async () => {
    await expect(waitForLogin({ isLoggedIn: () => true, isClosed: () => true })).resolves.toBeUndefined();
  });

  it('rejects with closed when the window closes before sign-in', async () => {
    let closed = false;
    const wait = waitForLogin({ isLoggedIn: () => false, isClosed: () => closed });
    const outcome = wait.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(800);
    closed = true;
    await vi.advanceTimersByTimeAsync(400);
    const error = await outcome;
    expect(error).toBeInstanceOf(LoginWaitError);
    expect((error as LoginWaitError).reason).toBe('closed');
  });

  it('keeps waiting until 5 minutes and then rejects with timeout', async () => {
    let result: unknown = 'pending';
    void waitForLogin({ isLoggedIn: () => false, isClosed: () => false }).catch((error: unknown) => { result = error; });
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 400);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(400);
    expect(result).toBeInstanceOf(LoginWaitError);
    expect((result as LoginWaitError).reason).toBe('timeout');
  });

  it('prefers a finished sign-in over a window closed at the same check', async () => {
    let done = false;
    const wait = waitForLogin({ isLoggedIn: () => done, isClosed: () => done });
    done = true;
    await vi.advanceTimersByTimeAsync(400);
    await expect(wait).resolves.toBeUndefined();
  });
});
