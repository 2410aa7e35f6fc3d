import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, waitAfter, waitSeconds } from './throttle.js';

describe('waits after failed sign-ins', () => {
  const now = 1_760_000_000_000;

  it('are none below the free failures, then 2 s after the last failure, doubling with each further one', () => {
    expect(waitAfter({ count: 4, last: now }, 5, now)).toBe(0);
    expect([5, 6, 7, 8].map((count) => waitAfter({ count, last: now }, 5, now))).toEqual([2000, 4000, 8000, 16000]);
  });

  it('never exceed 15 minutes, and shrink as time passes since the last failure', () => {
    expect(waitAfter({ count: 40, last: now }, 5, now)).toBe(MAX_WAIT_MS);
    expect(MAX_WAIT_MS).toBe(15 * 60_000);
    expect(waitAfter({ count: 6, last: now - 3000 }, 5, now)).toBe(1000);
    expect(waitAfter({ count: 6, last: now - 4000 }, 5, now)).toBe(0);
  });

  it('are told in whole seconds, rounded up', () => {
    expect(waitSeconds(1)).toBe(1);
    expect(waitSeconds(2000)).toBe(2);
    expect(waitSeconds(2001)).toBe(3);
  });
});
