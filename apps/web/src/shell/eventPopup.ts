import { timing, type AdInfo } from '@pagewright/contracts';

const shownKey = 'pagewright.eventPopupShownAt';
const dayMs = 24 * 60 * 60 * 1000;

/** SPEC §4: the popup shows when adv_popshow is 1 and it was not shown in the last 7 days. */
export function shouldShowEventPopup(ad: AdInfo, lastShownAt: number | null, now: number): boolean {
  if (ad.adv_popshow !== 1 || ad.adv_img === '') return false;
  return lastShownAt === null || now - lastShownAt > timing.eventPopupIntervalDays * dayMs;
}

export function eventPopupShownAt(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(shownKey));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordEventPopupShown(now: number, storage: Storage = localStorage): void {
  storage.setItem(shownKey, String(now));
}
