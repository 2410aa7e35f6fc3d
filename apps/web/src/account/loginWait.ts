import { timing } from '@pagewright/contracts';

export interface LoginWaitOptions {
  isLoggedIn: () => boolean;
  /** True once the login window or dialog is gone: the user gave up. */
  isClosed: () => boolean;
  intervalMs?: number;
  timeoutMs?: number;
}

export class LoginWaitError extends Error {
  constructor(readonly reason: 'timeout' | 'closed') {
    super(reason === 'timeout' ? 'The sign-in was not finished in time.' : 'The sign-in window was closed.');
    this.name = 'LoginWaitError';
  }
}

/**
 * The login wait of SPEC §4: checks every 400 ms for up to 5 minutes; resolves once the user
 * is logged in, rejects when the window closes first or the time runs out.
 */
export function waitForLogin({
  isLoggedIn,
  isClosed,
  intervalMs = timing.loginPollMs,
  timeoutMs = timing.loginWaitMs,
}: LoginWaitOptions): Promise<void> {
  if (isLoggedIn()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (isLoggedIn()) {
        clearInterval(timer);
        resolve();
      } else if (isClosed()) {
        clearInterval(timer);
        reject(new LoginWaitError('closed'));
      } else if (Date.now() - startedAt >= timeoutMs) {
        clearInterval(timer);
        reject(new LoginWaitError('timeout'));
      }
    }, intervalMs);
  });
}
