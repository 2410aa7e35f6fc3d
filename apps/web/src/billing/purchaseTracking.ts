/**
 * The purchase tracking payload of SPEC §3 (tid, uid, pid 4512, pver, device_id, qt_abtest),
 * sent once a purchase is paid. It carries ids only: no amounts, no e-mail.
 */
import { experimentIds, productId, type PricingGroup, type PurchaseLogRequest } from '@pagewright/contracts';
import webPackage from '../../package.json';
import { sendPurchaseLog } from './billingApi';

const deviceKey = 'pagewright.device';

/**
 * A random id of this browser for the tracking log. It is not the server's client id, which
 * is a bearer secret kept from scripts.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  try {
    const stored = storage?.getItem(deviceKey);
    if (stored) return stored;
    const created = crypto.randomUUID().replaceAll('-', '');
    storage?.setItem(deviceKey, created);
    return created;
  } catch {
    // Storage blocked by privacy settings: the log still goes out, with an id for this page only.
    return crypto.randomUUID().replaceAll('-', '');
  }
}

export function purchasePayload(checkoutId: string, userId: string, group: PricingGroup, device: string): PurchaseLogRequest {
  return {
    tid: checkoutId,
    uid: userId,
    pid: productId,
    pver: webPackage.version,
    device_id: device,
    qt_abtest: experimentIds.groups[group],
  };
}

/** Sends the tracking log of a paid checkout; a failed log never undoes or hides a purchase. */
export async function trackPurchase(checkoutId: string, userId: string, group: PricingGroup): Promise<void> {
  try {
    await sendPurchaseLog(purchasePayload(checkoutId, userId, group, deviceId()));
  } catch {
    // Tracking is best effort; the purchase is already granted on the server.
  }
}
