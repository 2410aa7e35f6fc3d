import { purchaseLogRequest } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { deviceId, purchasePayload } from './purchaseTracking';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('purchase tracking (SPEC §3)', () => {
  it('sends tid, uid, pid 4512, pver, device_id and qt_abtest, and nothing else', () => {
    const payload = purchasePayload('0123456789abcdef0123456789abcdef', 'user-1', 'control', 'device-1');
    expect(Object.keys(payload).sort()).toEqual(['device_id', 'pid', 'pver', 'qt_abtest', 'tid', 'uid']);
    expect(payload).toMatchObject({ tid: '0123456789abcdef0123456789abcdef', uid: 'user-1', pid: 4512, device_id: 'device-1', qt_abtest: 'price_test.control' });
    expect(purchaseLogRequest.safeParse(payload).success).toBe(true);
  });

  it('names the experiment group in qt_abtest', () => {
    expect(purchasePayload('t', 'u', 'experiment', 'd').qt_abtest).toBe('price_test.experiment');
  });

  it('keeps one device id per browser', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId(storage)).toBe(first);
  });
});
