import type { DesktopOperatingSystem } from '@pagewright/contracts';

/**
 * The visitor's operating system from the user agent, for the primary download link. iPadOS
 * presents itself as a Mac; a touch screen tells them apart.
 */
export function detectOperatingSystem(userAgent: string, maxTouchPoints = 0): DesktopOperatingSystem | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh|mac os x/i.test(userAgent)) return maxTouchPoints > 1 ? 'ios' : 'mac';
  if (/windows/i.test(userAgent)) return 'windows';
  return null;
}

export function currentOperatingSystem(): DesktopOperatingSystem | null {
  return detectOperatingSystem(navigator.userAgent, navigator.maxTouchPoints);
}
